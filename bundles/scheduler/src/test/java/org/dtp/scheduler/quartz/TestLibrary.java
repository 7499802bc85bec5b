package org.dtp.scheduler.quartz;

import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A photo library that gains {@code items} new loose photos before each export of it (as a phone's library does
 * between two runs of a sync: a run copies only what is new since the last one), served on one page, and a
 * destination whose imports take
 * {@code importMillis} each and renew the {@code refreshToken} setting at every import (as an OAuth 2.0 adapter
 * whose provider rotates refresh tokens does). Records the token each import found, and how many imports run at once.
 */
final class TestLibrary {
    private final int items;
    /** Exports so far: each one's photos are new ones. */
    private final AtomicInteger exports = new AtomicInteger();
    volatile long importMillis;
    final List<String> tokensSeen = new java.util.concurrent.CopyOnWriteArrayList<>();
    final AtomicInteger importing = new AtomicInteger();
    final AtomicInteger mostAtOnce = new AtomicInteger();

    TestLibrary(int items, long importMillis) {
        this.items = items;
        this.importMillis = importMillis;
    }

    final Exporter<PhotoAlbum, MediaItem> exporter = new Exporter<>() {
        @Override
        public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) {
            List<MediaItem> page = new ArrayList<>();
            int export = exports.getAndIncrement();
            for (int i = 0; cursor.isRoot() && i < items; i++) {
                String id = "photo-" + export + "-" + i;
                page.add(MediaItem.builder().id(id).kind(MediaKind.PHOTO).fileName(id + ".jpg")
                        .content(new MediaRef(id, "image/jpeg", id.length())).build());
            }
            return new ExportPage<>(List.of(), page, null);
        }

        @Override
        public InputStream openMedia(TransferContext context, MediaRef ref) {
            return new ByteArrayInputStream(ref.uri().getBytes(StandardCharsets.UTF_8));
        }
    };

    final Importer<PhotoAlbum, MediaItem> importer = new Importer<>() {
        @Override
        public String importContainer(ImportContext context, String key, PhotoAlbum container, String parentId) {
            return container.id();
        }

        @Override
        public String importItem(ImportContext context, String key, MediaItem item, String containerId)
                throws AdapterException {
            mostAtOnce.accumulateAndGet(importing.incrementAndGet(), Math::max);
            try {
                String token = context.endpoint().settings().get("refreshToken");
                tokensSeen.add(token);
                context.updateSettings(Map.of("refreshToken", token + "+"));
                Thread.sleep(importMillis);
                return "copy-of-" + item.id();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AdapterException("interrupted", e);
            } finally {
                importing.decrementAndGet();
            }
        }
    };

    static TransferEndpoint source() {
        return new TransferEndpoint("src", Map.of());
    }

    static TransferEndpoint destination() {
        return new TransferEndpoint("dst", Map.of("refreshToken", "t"));
    }
}
