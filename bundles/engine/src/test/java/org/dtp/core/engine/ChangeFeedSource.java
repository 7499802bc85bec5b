package org.dtp.core.engine;

import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.TransferContext;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An in-memory photo library with a change feed, for engine tests: the library has a version that every change
 * moves on, each item the version it last changed at. Its exporter lists, in id order and a page at a time, only the
 * items changed since the token it gets ({@link TransferContext#changeToken}; all of them without one), and records
 * the library's version as read before the listing. It implements our own SPI, not a provider's API.
 */
final class ChangeFeedSource {
    static final String FEED = "library";

    private record Versioned(long version, MediaItem item) {
    }

    private final AtomicLong version = new AtomicLong();
    private final Map<String, Versioned> items = new ConcurrentSkipListMap<>();
    private final int pageSize;
    /** The token each listing's first page got, in order of the runs (empty: none). */
    final List<Optional<String>> tokensSeen = new CopyOnWriteArrayList<>();
    /** How many items each listing's first page found changed, in order of the runs. */
    final List<Integer> listed = new CopyOnWriteArrayList<>();

    ChangeFeedSource(int pageSize) {
        this.pageSize = pageSize;
    }

    /** Adds or changes the item {@code id} (a new title), moving the library's version on. */
    void put(String id, String title) {
        items.put(id, new Versioned(version.incrementAndGet(), MemoryMediaProvider.item(id, title)));
    }

    final Exporter<PhotoAlbum, MediaItem> exporter = new Exporter<>() {
        @Override
        public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor)
                throws AdapterException {
            Optional<String> token = context.changeToken(FEED);
            long since = token.map(Long::parseLong).orElse(0L);
            long now = version.get();
            List<MediaItem> changed = items.values().stream().filter(v -> v.version() > since)
                    .map(Versioned::item).toList();
            context.recordChangeToken(FEED, Long.toString(now));
            int from = cursor.continuation() == null ? 0 : Integer.parseInt(cursor.continuation());
            if (from == 0) {
                tokensSeen.add(token);
                listed.add(changed.size());
            }
            int to = Math.min(changed.size(), from + pageSize);
            return new ExportPage<>(List.of(), changed.subList(Math.min(from, to), to),
                    to < changed.size() ? Integer.toString(to) : null);
        }

        @Override
        public InputStream openMedia(TransferContext context, MediaRef ref) {
            return new ByteArrayInputStream(MemoryMediaProvider.bytesOf(ref.uri()));
        }
    };
}
