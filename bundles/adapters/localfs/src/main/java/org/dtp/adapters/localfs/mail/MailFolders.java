package org.dtp.adapters.localfs.mail;

import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.formats.folder.MboxFolders;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** How mail folders lie on disk: directories, mbox files and the {@code .sbd} directories of their sub-folders. */
final class MailFolders {
    private MailFolders() {
    }

    /** {@code Archive.sbd} beside {@code Archive.mbox}. */
    static Path childrenOf(Path mbox) {
        return mbox.resolveSibling(MboxFolders.childrenName(mbox.getFileName().toString()));
    }

    /**
     * The mail folders directly in {@code dir}, by name: sub-directories, except an {@code X.sbd} that holds
     * the sub-folders of an {@code X.mbox} beside it, and mbox files.
     */
    static List<Path> children(Path dir) throws IOException {
        List<Path> children = new ArrayList<>();
        for (Path sub : FolderLayout.subFolders(dir)) {
            String name = sub.getFileName().toString();
            String mbox = MboxFolders.mboxOfChildren(name);
            boolean holdsChildrenOfMbox = mbox != null && Files.isRegularFile(dir.resolve(mbox), LinkOption.NOFOLLOW_LINKS);
            if (!holdsChildrenOfMbox) {
                children.add(sub);
            }
        }
        for (String name : FolderLayout.fileNames(dir, null, Integer.MAX_VALUE, MboxFolders::isMbox)) {
            children.add(dir.resolve(name));
        }
        children.sort(null);
        return children;
    }
}
