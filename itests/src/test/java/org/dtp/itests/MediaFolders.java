package org.dtp.itests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Builds source folders and reads destination folders of the localfs adapter. */
final class MediaFolders {
    private MediaFolders() {
    }

    /** Writes {@code perAlbum} distinct small JPEG-named files into each of {@code albums} sub-folders. */
    static void generate(Path root, int albums, int perAlbum) throws IOException {
        for (int a = 0; a < albums; a++) {
            Path album = Files.createDirectories(root.resolve("album-" + a));
            for (int i = 0; i < perAlbum; i++) {
                Files.writeString(album.resolve(String.format("photo-%05d.jpg", i)), "album " + a + " photo " + i);
            }
        }
    }

    /** Media files under {@code root} by path relative to it, with their SHA-256; sidecars and hidden files left out. */
    static Map<String, String> mediaFiles(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String name = p.getFileName().toString();
                if (Files.isRegularFile(p) && !name.startsWith(".") && !name.endsWith(".json")) {
                    out.put(root.relativize(p).toString().replace('\\', '/'), sha256(p));
                }
            }
        }
        return out;
    }

    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
