package org.dtp.adapters.archives.social;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.social.ArchiveIndex.Located;
import org.dtp.adapters.archives.social.PostArchive.Mapped;
import org.dtp.adapters.archives.social.PostArchive.NotKept;
import org.dtp.models.MediaRef;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ExportPage.Rejected;
import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The export of a social network archive's posts, whatever its kind: the root is one feed, the account's; the feed's
 * pages run through the post files in order, each file's records read with the streaming parser. A continuation is
 * {@code <file>:<records before>}: a page opens its file again and skips to it (after a restart, or when it is not
 * in the window), so a resumed export neither skips nor repeats, and memory holds one window of posts (the last
 * read of {@value #WINDOW_PAGES} pages, at least {@value #MIN_WINDOW_POSTS} posts), from which the pages after it are
 * served without reading the file again.
 */
public final class SocialArchiveExport {
    /** Pages read at once, so that a large file is not skipped through from its start for every page. */
    static final int WINDOW_PAGES = 10;
    /**
     * A post's model is about a kilobyte, so a window of a few MB; reading a file again costs inflating the part up to
     * it, which in a Mastodon .tar.gz (its media written before outbox.json) is most of the archive.
     */
    static final int MIN_WINDOW_POSTS = 2_000;

    /** What a job reads of the archive at its first page: the index of its files, the feed and its post files. */
    private record Catalog(ArchiveIndex index, PostArchive.Reading reading, List<Located> files) {
        SocialFeed feed() {
            return reading.feed();
        }
    }

    /** Records {@code from} to {@code from + records.size()} of a file; {@code ended} when the file ends after them. */
    private record Window(int file, long from, List<Mapped> records, boolean ended) {
        boolean serves(int file, long at, int pageSize) {
            return this.file == file && at >= from && (at + pageSize <= from + records.size() || ended && at <= from + records.size());
        }
    }

    private record Continuation(int file, long at) {
        static Continuation parse(String text) throws AdapterException {
            int colon = text == null ? -1 : text.indexOf(':');
            try {
                if (colon > 0) {
                    return new Continuation(Integer.parseInt(text.substring(0, colon)), Long.parseLong(text.substring(colon + 1)));
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw new AdapterException("not a continuation of this exporter: '" + text + "'");
        }

        @Override
        public String toString() {
            return file + ":" + at;
        }
    }

    private final ArchiveSettings settings;
    private final PostArchive archive;
    private final JobScratch.Key<Catalog> catalogKey;
    private final JobScratch.Key<AtomicReference<Window>> windowKey;

    /** {@code name} names this export's values in a job's scratch. */
    public SocialArchiveExport(ArchiveSettings settings, PostArchive archive, String name) {
        this.settings = settings;
        this.archive = archive;
        this.catalogKey = JobScratch.Key.of(name + ".catalog");
        this.windowKey = JobScratch.Key.of(name + ".window");
    }

    /**
     * One page of the feed's posts: each post read, with what of it is not kept (not reported yet); the records that
     * cannot be posts; the continuation of the next page (null after the last).
     */
    public record PostsPage(List<Mapped> posts, List<Rejected> rejected, String continuation) {
    }

    public ExportPage<SocialFeed, SocialPost> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        if (cursor.isRoot()) {
            return new ExportPage<>(List.of(feed(context)), List.of(), null);
        }
        PostsPage page = posts(context, cursor);
        List<SocialPost> posts = new ArrayList<>();
        for (Mapped record : page.posts()) {
            posts.add(record.post());
            for (NotKept notKept : record.notKept()) {
                context.reportNotKept(record.post().id(), notKept.field(), notKept.reason());
            }
        }
        return new ExportPage<SocialFeed, SocialPost>(List.of(), posts, page.continuation()).withRejected(page.rejected());
    }

    /** The feed the archive's posts are of: its one container. */
    public SocialFeed feed(TransferContext context) throws AdapterException {
        return catalog(context).feed();
    }

    /** The page of posts at {@code cursor}, whose container is the feed (another view of it, such as its media, too). */
    public PostsPage posts(TransferContext context, ExportCursor cursor) throws AdapterException {
        Catalog catalog = catalog(context);
        if (!catalog.feed().id().equals(cursor.containerId())) {
            throw new AdapterException("the feed '" + cursor.containerId() + "' is not this archive's");
        }
        Continuation at = cursor.continuation() == null ? new Continuation(0, 0) : Continuation.parse(cursor.continuation());
        List<Rejected> rejected = new ArrayList<>(cursor.continuation() == null ? catalog.index().rejected() : List.of());
        if (at.file() >= catalog.files().size()) {
            return new PostsPage(List.of(), rejected, null);
        }
        int pageSize = settings.pageSize();
        Window window = window(context, catalog, at, pageSize);
        int from = (int) (at.at() - window.from());
        List<Mapped> records = window.records().subList(Math.min(from, window.records().size()),
                Math.min(from + pageSize, window.records().size()));
        List<Mapped> posts = new ArrayList<>();
        Located file = catalog.files().get(at.file());
        for (int i = 0; i < records.size(); i++) {
            Mapped record = records.get(i);
            if (record.post() != null) {
                posts.add(record);
            } else if (record.rejectedReason() != null) {
                rejected.add(new Rejected(record.rejectedId() != null ? record.rejectedId()
                        : file.entry() + "#" + (at.at() + i), record.rejectedReason()));
            }
        }
        long next = at.at() + records.size();
        String continuation = !window.ended() || next < window.from() + window.records().size()
                ? new Continuation(at.file(), next).toString()
                : at.file() + 1 < catalog.files().size() ? new Continuation(at.file() + 1, 0).toString() : null;
        return new PostsPage(posts, rejected, continuation);
    }

    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        return catalog(context).index().open(ref);
    }

    private Window window(TransferContext context, Catalog catalog, Continuation at, int pageSize) throws AdapterException {
        AtomicReference<Window> last = context.scratch().computeIfAbsent(windowKey, AtomicReference::new);
        Window window = last.get();
        if (window != null && window.serves(at.file(), at.at(), pageSize)) {
            return window;
        }
        Located file = catalog.files().get(at.file());
        List<Mapped> records = new ArrayList<>();
        boolean ended;
        try (JsonRecords in = JsonRecords.open(ArchiveIndex.open(file), archive.postsField())) {
            ended = !in.skip(at.at());
            JsonNode record = ended ? null : in.next();
            while (record != null) {
                records.add(catalog.reading().mapping().map(record, file));
                if (records.size() >= Math.max(pageSize * WINDOW_PAGES, MIN_WINDOW_POSTS)) {
                    break;
                }
                record = in.next();
            }
            ended = ended || record == null;
        } catch (IOException e) {
            throw new AdapterException("cannot read " + file.entry() + " in " + file.part().getFileName() + ": " + e.getMessage(), e);
        }
        window = new Window(at.file(), at.at(), List.copyOf(records), ended);
        last.set(window);
        return window;
    }

    private Catalog catalog(TransferContext context) throws AdapterException {
        List<Path> parts = settings.parts(context);
        try {
            return context.scratch().computeIfAbsent(catalogKey, () -> {
                try {
                    ArchiveIndex index = ArchiveIndex.build(settings, parts);
                    return new Catalog(index, archive.read(index), archive.postFiles(index));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw new AdapterException("cannot read the archive: " + e.getCause().getMessage(), e.getCause());
        }
    }
}
