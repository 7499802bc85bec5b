package org.dtp.formats.folder;

import org.dtp.spi.TransientAdapterException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A {@link FileTree} in memory for tests: files by path; a folder is there when a path starts with it (as in object
 * storage). Records the paths put and the ranged reads, in order.
 */
final class MemoryTree implements FileTree {
    final Map<String, byte[]> files = new TreeMap<>();
    final List<String> puts = new ArrayList<>();
    /** The ranged reads, as {@code path@offset}, in order. */
    final List<String> rangedReads = new ArrayList<>();

    /** The listings asked for, in order: {@code list <folder>} and {@code files <folder> after <after>}. */
    final List<String> listings = new ArrayList<>();

    @Override
    public List<Node> list(String folder) {
        listings.add("list " + folder);
        return nodes(folder);
    }

    /** A part of a listing, as object storage lists from a key on (in Amazon S3's order). */
    @Override
    public List<Node> listFilesAfter(String folder, String after, int limit) {
        listings.add("files " + folder + " after " + after);
        return nodes(folder).stream().filter(n -> !n.folder() && (after == null || FileTree.compareNames(n.name(), after) > 0))
                .sorted(Comparator.comparing(Node::name, FileTree::compareNames)).limit(limit).toList();
    }

    private List<Node> nodes(String folder) {
        String prefix = folder.isEmpty() ? "" : folder + "/";
        Map<String, Node> nodes = new TreeMap<>();
        files.forEach((path, bytes) -> {
            if (path.startsWith(prefix)) {
                String rest = path.substring(prefix.length());
                int slash = rest.indexOf('/');
                String name = slash < 0 ? rest : rest.substring(0, slash);
                nodes.put(name, new Node(name, slash >= 0, slash < 0 ? bytes.length : -1));
            }
        });
        return new ArrayList<>(nodes.values());
    }

    @Override
    public Optional<InputStream> open(String path) {
        return Optional.ofNullable(files.get(path)).map(ByteArrayInputStream::new);
    }

    /** The version is a hash of the bytes, as an ETag may be. */
    @Override
    public Optional<Slice> open(String path, long offset) {
        rangedReads.add(path + "@" + offset);
        return Optional.ofNullable(files.get(path)).map(bytes -> new Slice(
                new ByteArrayInputStream(bytes, (int) Math.min(offset, bytes.length), bytes.length),
                Integer.toHexString(Arrays.hashCode(bytes))));
    }

    @Override
    public void put(String path, byte[] bytes, String contentType) {
        puts.add(path);
        files.put(path, bytes);
    }

    /** Held in memory here: this tree is for small test files. */
    @Override
    public void put(String path, InputStream body, long size, String contentType) throws TransientAdapterException {
        try {
            puts.add(path);
            files.put(path, body.readAllBytes());
        } catch (IOException e) {
            throw new TransientAdapterException("reading the body of '" + path + "' failed", e);
        }
    }

    @Override
    public boolean makeFolder(String path) {
        return files.keySet().stream().noneMatch(p -> p.startsWith(path + "/"));
    }

    @Override
    public String describe() {
        return "memory";
    }

    String text(String path) {
        return new String(files.get(path), StandardCharsets.UTF_8);
    }

    void write(String path, String text) {
        files.put(path, text.getBytes(StandardCharsets.UTF_8));
    }
}
