package org.dtp.adapters.localfs;

import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;

/**
 * The change feed of one listing (a folder, or a file that holds many items: an mbox, a {@code .vcf}, an {@code .ics}),
 * issue 22: its token is the time the listing's scan began, less a margin for coarse time stamps and clock skew, and
 * the listed folder's identity (its file key: device and inode). A later transfer lists only the files whose change
 * time, the later of modification time and status-change time (ctime), is after that token: a new, edited, renamed or
 * copied-in file ({@code cp -a} keeps the modification time but sets the ctime) is listed, an unchanged one is neither
 * read nor listed. Without a token (a first transfer, a new folder), with a token of another folder that now has the
 * same path, or with one this class cannot read, everything is listed. Where the file system has no unix attribute
 * view, the modification time alone is the change time (a file copied in with its old time is then missed).
 */
public final class ChangeFeed {
    /** Feed names are at most this long (the SPI's bound); longer ones are replaced by their hash. */
    private static final int MAX_NAME = 1_000;
    private static final Logger LOG = LoggerFactory.getLogger(ChangeFeed.class);
    private static final LinkOption[] NO_FOLLOW = {LinkOption.NOFOLLOW_LINKS};
    /** The feed that lists everything: no earlier transfer's token. */
    public static final ChangeFeed EVERYTHING = new ChangeFeed(null, false);

    /** Files changed after this are listed; null: every file. */
    private final Instant since;
    private final boolean unixView;

    private ChangeFeed(Instant since, boolean unixView) {
        this.since = since;
        this.unixView = unixView;
    }

    /**
     * The feed {@code name} of the listing {@code listed}, as the previous transfer left it. On the first page of the
     * listing ({@code firstPage}) it records, for the next transfer, the time now less {@code margin}: taken before the
     * listing is read, so a file changed while it is read is listed again next time rather than missed.
     */
    public static ChangeFeed open(TransferContext context, String name, Path listed, boolean firstPage, Duration margin)
            throws AdapterException {
        Instant scanStart = Instant.now().minus(margin);
        String feed = boundedName(name);
        String identity = identity(listed);
        if (firstPage) {
            context.recordChangeToken(feed, scanStart + "|" + identity);
        }
        boolean unixView = listed.getFileSystem().supportedFileAttributeViews().contains("unix");
        return new ChangeFeed(context.changeToken(feed).map(token -> since(token, identity)).orElse(null), unixView);
    }

    /**
     * Whether {@code file} is a regular file (not a link) to list: changed since the token, or any file without one.
     * One {@code lstat}; a file gone since the directory was read is not listed.
     *
     * @throws IOException when the file cannot be looked at: the page fails (and is tried again where that may pass)
     *                     rather than leave out a file the next token would then skip for good
     */
    public boolean lists(Path file) throws IOException {
        if (since == null) {
            return Files.isRegularFile(file, NO_FOLLOW);
        }
        try {
            FileTime changed;
            if (unixView) {
                Map<String, Object> attributes = Files.readAttributes(file, "unix:isRegularFile,lastModifiedTime,ctime", NO_FOLLOW);
                if (!(Boolean) attributes.get("isRegularFile")) {
                    return false;
                }
                FileTime modified = (FileTime) attributes.get("lastModifiedTime");
                FileTime status = (FileTime) attributes.get("ctime");
                changed = modified.compareTo(status) >= 0 ? modified : status;
            } else {
                BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, NO_FOLLOW);
                if (!attributes.isRegularFile()) {
                    return false;
                }
                changed = attributes.lastModifiedTime();
            }
            return changed.toInstant().isAfter(since);
        } catch (NoSuchFileException e) {
            return false;
        }
    }

    /** The time of a token, if it was recorded for the folder now at that path; null (list everything) otherwise. */
    private static Instant since(String token, String identity) {
        int bar = token.indexOf('|');
        if (bar < 0 || !token.substring(bar + 1).equals(identity)) {
            return null; // a token of another form, or a folder replaced by another since
        }
        try {
            return Instant.parse(token.substring(0, bar));
        } catch (DateTimeParseException e) {
            LOG.debug("change token '{}' not read, listing everything: {}", token, e.toString());
            return null;
        }
    }

    /** The listing's file key (device and inode where there are such), empty where the file system has none. */
    private static String identity(Path listed) {
        try {
            return Objects.toString(Files.readAttributes(listed, BasicFileAttributes.class, NO_FOLLOW).fileKey(), "");
        } catch (IOException e) {
            return ""; // the listing itself reports the folder gone
        }
    }

    /** {@code name}, or where it is longer than a feed name may be, its prefix and the SHA-256 of the whole. */
    private static String boundedName(String name) {
        if (name.length() <= MAX_NAME) {
            return name;
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            return name.substring(0, name.indexOf(':') + 1) + "sha256:" + HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
