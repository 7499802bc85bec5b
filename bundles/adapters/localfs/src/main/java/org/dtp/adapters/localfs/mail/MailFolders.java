package org.dtp.adapters.localfs.mail;

import org.dtp.adapters.localfs.FolderLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How mail folders lie on disk: directories, mbox files and the {@code .sbd} directories of their sub-folders. */
final class MailFolders {
    /** The directory beside {@code name.mbox} holding its sub-folders (Thunderbird's convention). */
    static final String CHILDREN_SUFFIX = ".sbd";

    private MailFolders() {
    }

    static boolean isMbox(String name) {
        return name.toLowerCase(Locale.ROOT).endsWith(Mbox.EXTENSION) && name.length() > Mbox.EXTENSION.length();
    }

    /** {@code Archive} for {@code Archive.mbox}. */
    static String stem(String mboxName) {
        return mboxName.substring(0, mboxName.length() - Mbox.EXTENSION.length());
    }

    /** {@code Archive.sbd} beside {@code Archive.mbox}. */
    static Path childrenOf(Path mbox) {
        return mbox.resolveSibling(stem(mbox.getFileName().toString()) + CHILDREN_SUFFIX);
    }

    /** The folder path a person reads: the id without the .mbox and .sbd of the files that hold it. */
    static String fullPath(String id) {
        List<String> parts = new ArrayList<>();
        for (String part : id.split("/")) {
            if (part.endsWith(CHILDREN_SUFFIX)) {
                part = part.substring(0, part.length() - CHILDREN_SUFFIX.length());
            } else if (isMbox(part)) {
                part = stem(part);
            }
            parts.add(part);
        }
        return String.join("/", parts);
    }

    /**
     * The mail folders directly in {@code dir}, by name: sub-directories, except an {@code X.sbd} that holds
     * the sub-folders of an {@code X.mbox} beside it, and mbox files.
     */
    static List<Path> children(Path dir) throws IOException {
        List<Path> children = new ArrayList<>();
        for (Path sub : FolderLayout.subFolders(dir)) {
            String name = sub.getFileName().toString();
            boolean holdsChildrenOfMbox = name.endsWith(CHILDREN_SUFFIX) && Files.isRegularFile(
                    dir.resolve(name.substring(0, name.length() - CHILDREN_SUFFIX.length()) + Mbox.EXTENSION),
                    LinkOption.NOFOLLOW_LINKS);
            if (!holdsChildrenOfMbox) {
                children.add(sub);
            }
        }
        for (String name : FolderLayout.fileNames(dir, null, Integer.MAX_VALUE, MailFolders::isMbox)) {
            children.add(dir.resolve(name));
        }
        children.sort(null);
        return children;
    }
}
