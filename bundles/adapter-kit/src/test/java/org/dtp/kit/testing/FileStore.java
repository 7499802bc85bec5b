package org.dtp.kit.testing;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.stream.Stream;

/**
 * The media files of a fake provider, in a temporary folder of their own. Bytes go to disk as they arrive, through a
 * buffer, never held whole: a test's video may be larger than its heap. Closing deletes the folder. Thread-safe.
 */
public final class FileStore implements AutoCloseable {
    /** A stored file with its size and SHA-256 (hex), both taken while it was written. */
    public record Stored(Path file, long size, String sha256) {
        public InputStream open() throws IOException {
            return Files.newInputStream(file);
        }

        /** The whole file, for a test that compares small media. */
        public byte[] bytes() {
            try {
                return Files.readAllBytes(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Writes a file's bytes, for content that is not one stream (e.g. a region of another file). */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private final Path folder;

    /** A store in a new temporary folder named after {@code prefix}, e.g. the fake's name. */
    public FileStore(String prefix) throws IOException {
        folder = Files.createTempDirectory(prefix);
    }

    /** Stores {@code content} to its end in a new file. */
    public Stored store(InputStream content) throws IOException {
        return store(content::transferTo);
    }

    /** Stores what {@code content} writes in a new file. */
    public Stored store(Content content) throws IOException {
        return write(Files.createTempFile(folder, "upload", ""), content);
    }

    /** Stores {@code content} under {@code name}, replacing a file of that name: for fakes that serve media by name. */
    public Stored store(String name, InputStream content) throws IOException {
        return write(folder.resolve(name), content::transferTo);
    }

    /** Deletes a file the fake no longer keeps, e.g. a request body it has parsed. */
    public void delete(Stored stored) throws IOException {
        Files.deleteIfExists(stored.file());
    }

    private static Stored write(Path file, Content content) throws IOException {
        MessageDigest sha256 = sha256();
        try (OutputStream out = new DigestOutputStream(new BufferedOutputStream(Files.newOutputStream(file)), sha256)) {
            content.writeTo(out);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file); // a transfer that broke off leaves nothing behind, as a provider keeps nothing of it
            throw e;
        }
        return new Stored(file, Files.size(file), HexFormat.of().formatHex(sha256.digest()));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Deletes every file and the folder; closing again does nothing. */
    @Override
    public void close() {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
