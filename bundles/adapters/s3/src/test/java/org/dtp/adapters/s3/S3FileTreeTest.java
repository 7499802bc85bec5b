package org.dtp.adapters.s3;

import org.dtp.formats.folder.FileTree;
import org.dtp.formats.folder.FileTree.Node;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.spi.AdapterException;
import org.junit.Test;
import software.amazon.awssdk.core.sync.RequestBody;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** The bucket as a {@link FileTree} against S3Proxy: a folder's files listed in parts from a name on. */
public class S3FileTreeTest extends S3Fixture {
    /** Files of folder "in": "é" is U+00E9, "ﬀ" U+FB00 and "😀" U+1F600, which stores order differently. */
    private static final List<String> FILES = List.of("a.eml", "a.eml.dtp.json", "b.eml", "sub.eml", "z.eml", "é.eml",
            "ﬀ.eml", "😀.eml");

    private FileTree tree() throws Exception {
        FILES.forEach(name -> object("in/" + name));
        List.of("in/sub/x.eml", "in/sub/y.eml", "elsewhere.eml").forEach(this::object);
        return S3FileTree.of(connector, new TestTransferContext(UUID.randomUUID(), endpoint("")));
    }

    private void object(String key) {
        S3PROXY.client().putObject(r -> r.bucket(bucket).key(key), RequestBody.fromBytes(key.getBytes()));
    }

    @Test
    public void partsOfAFolderTakenFromTheLastFileOfEachGiveEveryFileOnce() throws Exception {
        FileTree tree = tree();
        for (FileTree lister : List.of(tree, new ListingOnly(tree))) { // the store's StartAfter, and FileTree's default
            assertEquals(new HashSet<>(FILES), new HashSet<>(names(lister.listFilesAfter("in", null, 100))));
            for (int part = 1; part <= FILES.size() + 1; part++) {
                List<String> walked = new ArrayList<>();
                String after = null;
                List<Node> listed;
                do {
                    listed = lister.listFilesAfter("in", after, part);
                    assertTrue(listed.size() <= part);
                    walked.addAll(names(listed));
                    after = listed.isEmpty() ? after : listed.get(listed.size() - 1).name();
                } while (listed.size() == part);
                assertEquals("parts of " + part + " from " + lister.describe(), FILES.size(), walked.size());
                assertEquals(new HashSet<>(FILES), new HashSet<>(walked));
            }
            // ASCII names come in the same order in every store
            assertEquals(List.of("b.eml", "sub.eml", "z.eml"), names(lister.listFilesAfter("in", "a.eml.dtp.json", 3)));
            assertEquals(List.of(), lister.listFilesAfter("nowhere", null, 100));
        }
    }

    private static List<String> names(List<Node> nodes) {
        return nodes.stream().map(Node::name).toList();
    }

    /** A tree that only lists (through another), so that FileTree's default listFilesAfter is the one asked. */
    private record ListingOnly(FileTree listed) implements FileTree {
        @Override
        public List<Node> list(String folder) throws AdapterException {
            return listed.list(folder);
        }

        @Override
        public Optional<InputStream> open(String path) {
            throw new UnsupportedOperationException("listing only");
        }

        @Override
        public Optional<Slice> open(String path, long offset) {
            throw new UnsupportedOperationException("listing only");
        }

        @Override
        public void put(String path, byte[] bytes, String contentType) {
            throw new UnsupportedOperationException("listing only");
        }

        @Override
        public void put(String path, InputStream body, long size, String contentType) {
            throw new UnsupportedOperationException("listing only");
        }

        @Override
        public boolean makeFolder(String path) {
            throw new UnsupportedOperationException("listing only");
        }

        @Override
        public String describe() {
            return "FileTree's own listing of " + listed.describe();
        }
    }
}
