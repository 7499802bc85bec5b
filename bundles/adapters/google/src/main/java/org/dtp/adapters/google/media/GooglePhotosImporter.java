package org.dtp.adapters.google.media;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleComponent;
import org.dtp.adapters.google.GoogleConnector;
import org.dtp.adapters.google.GoogleSettings;
import org.dtp.adapters.google.DescriptionMarkers;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;

/**
 * Imports photos and videos into Google Photos. A source album becomes an album the app creates
 * ({@code POST /v1/albums}; its description a text enrichment, which the API cannot read back: reported); an item is uploaded with the raw protocol
 * ({@code POST /v1/uploads}) and made a media item of its album with {@code mediaItems:batchCreate}, one item per
 * call (the engine imports one item at a time; a call of one item has one result to read and nothing half-made to
 * sort out).
 * <ul>
 * <li><b>Idempotent</b>: the API takes no client id, so each media item's description ends with a marker line
 *     ({@link DescriptionMarkers}); before uploading, the importer looks for the marker in the album (an in-album
 *     {@code mediaItems:search}, read once per album and job, then kept up to date in memory), so a retry after a
 *     lost answer, a crash or a restart finds the first copy. Albums are found again by their title among the albums
 *     the app created, so two source albums of one name share one album at Google.</li>
 * <li><b>Streaming</b>: the bytes flow from the source into the upload as they are read.</li>
 * <li>Items that were in no album go to one album, {@code looseItemsAlbum} (an item created without an album could
 *     only be found again by scanning the whole library).</li>
 * </ul>
 */
@Component(
        name = "org.dtp.adapters.google.GooglePhotosImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + GoogleConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Photos",
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class GooglePhotosImporter extends GoogleComponent implements Importer<PhotoAlbum, MediaItem> {
    /** The Photos API's limits (https://developers.google.com/photos/library/guides/upload-media). */
    static final int MAX_DESCRIPTION = 1000;
    static final int MAX_ALBUM_TITLE = 500;
    static final int MAX_FILE_NAME = 255;
    static final long MAX_PHOTO_BYTES = 200L << 20;
    static final long MAX_VIDEO_BYTES = 20L << 30;
    /** The idempotency key of the album for loose items; not a key the engine makes. */
    private static final String LOOSE_KEY = "\u0000loose";
    /** google.rpc.Code values that may pass: DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, ABORTED, INTERNAL, UNAVAILABLE. */
    private static final Set<Integer> TRANSIENT_CODES = Set.of(4, 8, 10, 13, 14);

    @Activate
    public GooglePhotosImporter(@Reference GoogleConnector connector) {
        super(connector);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, PhotoAlbum album, String parentId)
            throws AdapterException {
        // Google Photos albums are flat: an album inside another at the source becomes an album of its own too.
        return album(context, idempotencyKey, album.id(), album.name(), album.description());
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, MediaItem item, String containerId)
            throws AdapterException {
        String albumId = containerId != null ? containerId
                : album(context, LOOSE_KEY, null, connector.settings().looseItemsAlbum(), null);
        PhotosApi api = api(context);
        String marker = DescriptionMarkers.marker(context.jobId(), idempotencyKey);
        long fingerprint = DescriptionMarkers.fingerprint(marker);
        reportMetadataNotKept(context, item);
        String description = description(context, item, marker);
        return connector.indexes().findOrCreate(context.jobId() + "|" + albumId, fingerprint,
                index -> ApiPage.forEach(token -> api.albumItems(albumId, token, GoogleSettings.MAX_ITEM_PAGE),
                        entry -> index.addMarked(entry.path("description").asText(null), entry.path("id").asText())),
                index -> {
                    String id = upload(context, api, albumId, item, description);
                    index.add(fingerprint, id);
                    return id;
                });
    }

    private String upload(ImportContext context, PhotosApi api, String albumId, MediaItem item, String description)
            throws AdapterException {
        long size = item.content().size();
        long limit = item.kind() == MediaKind.VIDEO ? MAX_VIDEO_BYTES : MAX_PHOTO_BYTES;
        if (size > limit) {
            throw new ItemRejectedException("Google Photos takes " + (item.kind() == MediaKind.VIDEO ? "videos" : "photos")
                    + " of at most " + (limit >> 20) + " MiB; this one has " + (size >> 20) + " MiB");
        }
        String fileName = fileName(context, item);
        String contentType = item.content().contentType() == null || item.content().contentType().isBlank()
                ? "application/octet-stream" : item.content().contentType();
        String uploadToken;
        try (InputStream bytes = context.openMedia(item.content())) {
            uploadToken = api.upload(bytes, size, contentType, fileName);
        } catch (IOException e) {
            throw new TransientAdapterException("reading the source's bytes of " + item.id() + " failed: " + e.getMessage(), e);
        }
        JsonNode result = api.createMediaItem(albumId, uploadToken, fileName, description);
        JsonNode status = result.path("status");
        int code = status.path("code").asInt(0);
        if (code != 0) {
            String message = "Google Photos did not create the media item: " + status.path("message").asText("code " + code);
            if (TRANSIENT_CODES.contains(code)) {
                throw new TransientAdapterException(message, null);
            }
            throw new ItemRejectedException(message);
        }
        String id = result.path("mediaItem").path("id").asText("");
        if (id.isEmpty()) {
            throw new AdapterException("Google answered mediaItems:batchCreate without the new media item's id");
        }
        return id;
    }

    /** The destination album for a source album (or the loose items' album), found by title or created. */
    private String album(ImportContext context, String idempotencyKey, String sourceId, String name, String description)
            throws AdapterException {
        return connector.container(context.jobId() + "|" + idempotencyKey, () -> {
            String title = name.strip().isEmpty() ? "Untitled album" : name.strip();
            if (title.length() > MAX_ALBUM_TITLE) {
                title = title.substring(0, MAX_ALBUM_TITLE);
                context.reportNotKept(sourceId, "name", "Google Photos album titles have at most " + MAX_ALBUM_TITLE
                        + " characters; the rest is cut");
            }
            PhotosApi api = api(context);
            String id = findAppAlbum(api, title);
            if (id == null) {
                id = api.createAlbum(title).path("id").asText("");
                if (id.isEmpty()) {
                    throw new AdapterException("Google answered albums.create without the album's id");
                }
                if (description != null && !description.isBlank()) {
                    api.addTextEnrichment(id, description.length() > MAX_DESCRIPTION ? description.substring(0, MAX_DESCRIPTION) : description);
                }
            }
            if (description != null && !description.isBlank()) {
                context.reportNotKept(sourceId, "description", "Google Photos albums have no description: it is a text first in the "
                        + "album (at most " + MAX_DESCRIPTION + " characters), which the Library API cannot read back");
            }
            return id;
        });
    }

    /** The first writable album the app created with this title, or null. */
    private static String findAppAlbum(PhotosApi api, String title) throws AdapterException {
        List<JsonNode> albums = ApiPage.firstMatches(token -> api.albums(token, GoogleSettings.MAX_ALBUM_PAGE, true),
                album -> title.equals(album.path("title").asText()) && album.path("isWriteable").asBoolean(true));
        return albums.isEmpty() ? null : albums.get(0).path("id").asText();
    }

    /**
     * The item's description (its title when it has none, so that the caption a person gave is not lost) and the
     * marker line, within Google's 1,000 characters.
     */
    private static String description(ImportContext context, MediaItem item, String marker) {
        boolean hasDescription = item.description() != null && !item.description().isBlank();
        boolean hasTitle = item.title() != null && !item.title().isBlank();
        String text = hasDescription ? item.description() : item.title();
        if (hasDescription && hasTitle) {
            context.reportNotKept(item.id(), "title", "Google Photos has no title besides the description");
        } else if (hasTitle) {
            context.reportNotKept(item.id(), "title", "Google Photos has no title: it is the item's description there");
            context.reportNotKept(item.id(), "description", "the source had none: Google Photos holds the title as the description");
        }
        if (text == null || text.isBlank()) {
            return marker;
        }
        int room = MAX_DESCRIPTION - marker.length() - 1;
        if (text.length() > room) {
            text = text.substring(0, room);
            context.reportNotKept(item.id(), "description", "Google Photos descriptions have at most " + MAX_DESCRIPTION
                    + " characters, " + (marker.length() + 1) + " of them the import's marker; the rest is cut");
        }
        return text + "\n" + marker;
    }

    private static String fileName(ImportContext context, MediaItem item) {
        String name = item.fileName().isBlank() ? item.id() : item.fileName().strip();
        if (name.length() <= MAX_FILE_NAME) {
            return name;
        }
        int dot = name.lastIndexOf('.');
        String extension = dot > 0 && name.length() - dot <= 10 ? name.substring(dot) : "";
        context.reportNotKept(item.id(), "fileName", "Google Photos file names have at most " + MAX_FILE_NAME
                + " characters; the name is cut");
        return name.substring(0, MAX_FILE_NAME - extension.length()) + extension;
    }

    /** The Photos API takes no date or place: Google reads them from the file's own metadata only. */
    private static void reportMetadataNotKept(ImportContext context, MediaItem item) {
        if (item.location() != null) {
            context.reportNotKept(item.id(), "location",
                    "the Photos API cannot set a location; Google Photos keeps only what the file's own metadata says");
        }
        if (item.takenAt() != null) {
            context.reportNotKept(item.id(), "takenAt",
                    "the Photos API cannot set the date taken; Google Photos keeps only what the file's own metadata says");
        }
    }

    private PhotosApi api(ImportContext context) throws AdapterException {
        return new PhotosApi(connector.http(context), connector.settings().photosBaseUrl());
    }
}
