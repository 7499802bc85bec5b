package org.dtp.adapters.flickr;

import org.dtp.adapters.flickr.FlickrApi.Photoset;
import org.dtp.adapters.flickr.FlickrConnector.Account;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Imports photos and videos into Flickr. An item is uploaded (Upload API, streamed multipart) with its title and
 * description, tagged with its machine tag ({@link MachineTags}), dated with flickr.photos.setDates when it has a date
 * taken and, when it has a place, located with flickr.photos.geo.setLocation. A photoset needs a primary photo, so a
 * source album becomes a photoset only with its first item (flickr.photosets.create), later items join it
 * (flickr.photosets.addPhoto); the container id the engine keeps is the album's own description until then.
 * Idempotent: before uploading, the item's machine tag is searched (flickr.photos.search with machine_tags), and a
 * photoset is found again through its photos' {@code dtp:set} tag.
 */
@Component(
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=flickr",
                AdapterProperties.PROVIDER_NAME + "=Flickr",
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class FlickrMediaImporter implements Importer<PhotoAlbum, MediaItem> {
    private static final String ALBUM = "album:";
    /** Photos looked at when finding a photoset again by its tag. */
    private static final int TAGGED_PHOTOS_SEARCHED = 20;

    /** A source album waiting for, or holding, its photoset: its tag's hash, title and description. */
    record Album(String hash, String title, String description) {
        String id() {
            Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
            return ALBUM + hash + ":" + b64.encodeToString(title.getBytes(StandardCharsets.UTF_8)) + ":"
                    + b64.encodeToString((description == null ? "" : description).getBytes(StandardCharsets.UTF_8));
        }

        static Album parse(String id) throws AdapterException {
            String[] parts = id.startsWith(ALBUM) ? id.substring(ALBUM.length()).split(":", -1) : new String[0];
            try {
                if (parts.length != 3 || !parts[0].matches("[0-9a-f]{32}")) {
                    throw new IllegalArgumentException();
                }
                Base64.Decoder b64 = Base64.getUrlDecoder();
                return new Album(parts[0], new String(b64.decode(parts[1]), StandardCharsets.UTF_8),
                        new String(b64.decode(parts[2]), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw new AdapterException("'" + id + "' is not an album this Flickr importer made");
            }
        }

        String tag() {
            return MachineTags.photoset(hash);
        }
    }

    private final FlickrConnector connector;

    @Activate
    public FlickrMediaImporter(@Reference FlickrConnector connector) {
        this.connector = connector;
    }

    @Override
    public Optional<String> accountId(TransferContext context) throws AdapterException {
        return connector.accountId(context);
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        connector.validate(destination);
    }

    /** Makes nothing yet (a photoset cannot be empty); Flickr's photosets hold no photosets, so the parent is ignored. */
    @Override
    public String importContainer(ImportContext context, String idempotencyKey, PhotoAlbum album, String parentId)
            throws AdapterException {
        connector.validate(context.endpoint());
        if (parentId != null) {
            context.reportNotKept(album.id(), "parent", "Flickr photosets cannot be nested; this one is at the top level");
        }
        String title = album.name().isBlank() ? album.id() : album.name();
        return new Album(MachineTags.hash(context.jobId(), idempotencyKey), title, album.description()).id();
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, MediaItem item, String containerId)
            throws AdapterException {
        Account account = connector.account(context.endpoint());
        Album album = containerId == null ? null : Album.parse(containerId);
        String keyTag = MachineTags.item(context.jobId(), idempotencyKey);
        List<String> earlier = account.api().photosTagged(keyTag, 1);
        String photoId = earlier.isEmpty() ? upload(context, account, item, keyTag, album) : earlier.get(0);
        if (item.location() != null) {
            // also for an earlier copy: a crash may have come between its upload and this
            account.api().setLocation(photoId, item.location().latitude(), item.location().longitude());
            if (item.location().altitude() != null) {
                context.reportNotKept(item.id(), "location.altitude", "Flickr keeps no altitude");
            }
        }
        if (item.takenAt() != null) {
            // Flickr keeps the date taken without a zone; the exporter reads it back as UTC
            account.api().setDateTaken(photoId, LocalDateTime.ofInstant(item.takenAt(), ZoneOffset.UTC));
        }
        if (album != null) {
            intoPhotoset(account, album, photoId);
        }
        context.reportNotKept(item.id(), "fileName", "Flickr keeps no file names");
        if (!item.exif().isEmpty()) {
            context.reportNotKept(item.id(), "exif", "Flickr reads camera data from the file itself, not from separate fields");
        }
        return photoId;
    }

    private String upload(ImportContext context, Account account, MediaItem item, String keyTag, Album album)
            throws AdapterException {
        List<Map.Entry<String, String>> arguments = new ArrayList<>();
        if (item.title() != null && !item.title().isBlank()) {
            arguments.add(Map.entry("title", item.title()));
        }
        if (item.description() != null && !item.description().isBlank()) {
            arguments.add(Map.entry("description", item.description()));
        }
        arguments.add(Map.entry("tags", album == null ? keyTag : keyTag + " " + album.tag()));
        String visible = connector.settings().importPublic() ? "1" : "0";
        arguments.add(Map.entry("is_public", visible));
        arguments.add(Map.entry("is_friend", "0"));
        arguments.add(Map.entry("is_family", "0"));
        long length = item.content().size() >= 0 ? item.content().size() : measure(context, item);
        String contentType = item.content().contentType() != null && item.content().contentType().matches("[A-Za-z0-9.+-]+/[A-Za-z0-9.+-]+")
                ? item.content().contentType() : item.kind() == MediaKind.VIDEO ? "video/mp4" : "application/octet-stream";
        // The HTTP client refuses a body longer or shorter than announced: nothing half is stored.
        try (InputStream body = context.openMedia(item.content())) {
            return account.api().upload(arguments, item.fileName(), contentType, body, length);
        } catch (IOException e) {
            throw new TransientAdapterException("cannot read '" + item.fileName() + "' for Flickr: " + e.getMessage(), e);
        }
    }

    /**
     * The size of media whose source does not tell it: the multipart body needs its length before it is sent, so the
     * bytes are read once through to count them (the upload reads them again; a different count fails it).
     */
    private static long measure(ImportContext context, MediaItem item) throws AdapterException {
        try (InputStream in = context.openMedia(item.content())) {
            return in.transferTo(java.io.OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new TransientAdapterException("cannot read '" + item.fileName() + "' from the source: " + e.getMessage(), e);
        }
    }

    private void intoPhotoset(Account account, Album album, String photoId) throws AdapterException {
        synchronized (connector.photosetLock(account, album.tag())) {
            String photosetId = connector.photoset(account, album.tag());
            if (photosetId == null) {
                photosetId = find(account, album);
            }
            try {
                if (photosetId == null) {
                    connector.photoset(account, album.tag(), account.api().createPhotoset(album.title(), album.description(), photoId));
                    return;
                }
                account.api().addToPhotoset(photosetId, photoId);
                connector.photoset(account, album.tag(), photosetId);
            } catch (AdapterException | RuntimeException e) {
                connector.photoset(account, album.tag(), null); // the set may be gone or made after all: look again next time
                throw e;
            }
        }
    }

    /** The photoset an earlier attempt made: one of the album's tagged photos is in it, under the album's title. */
    private static String find(Account account, Album album) throws AdapterException {
        for (String tagged : account.api().photosTagged(album.tag(), TAGGED_PHOTOS_SEARCHED)) {
            for (Photoset set : account.api().setsOf(tagged)) {
                if (set.title().equals(album.title())) {
                    return set.id();
                }
            }
        }
        return null;
    }
}
