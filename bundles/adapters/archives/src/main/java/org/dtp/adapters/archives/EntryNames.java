package org.dtp.adapters.archives;

/**
 * Which entry paths are safe to use: nothing is ever unpacked to disk here, but entry names become item ids, file
 * names and album names that a destination (a local folder, a WebDAV drive) turns into paths, so a name that could
 * climb out of a folder there ("zip slip") or name an absolute place is refused at the source.
 */
public final class EntryNames {
    /** Longer names are no real archive's and only cost memory in the part's index. */
    static final int MAX_NAME_CHARS = 4096;

    private EntryNames() {
    }

    /** Why {@code name} is unsafe, or null when it is a relative path without {@code ..}, drive or control characters. */
    public static String unsafe(String name) {
        if (name.isEmpty() || name.length() > MAX_NAME_CHARS) {
            return "an entry name of " + name.length() + " characters";
        }
        if (name.startsWith("/") || name.startsWith("\\") || (name.length() > 1 && name.charAt(1) == ':')) {
            return "an absolute entry path";
        }
        if (name.indexOf('\\') >= 0) {
            return "a backslash in an entry path";
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.isISOControl(name.charAt(i))) {
                return "a control character in an entry path";
            }
        }
        for (String segment : name.split("/", -1)) {
            if (segment.equals("..")) {
                return "an entry path climbing out of the archive (..)";
            }
        }
        return null;
    }

    /** The folder part of an entry path ("" at the top). */
    public static String folderOf(String name) {
        int slash = name.lastIndexOf('/');
        return slash < 0 ? "" : name.substring(0, slash);
    }

    /** The last segment of an entry path. */
    public static String fileNameOf(String name) {
        return name.substring(name.lastIndexOf('/') + 1);
    }
}
