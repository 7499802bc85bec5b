package org.dtp.adapters.smugmug;

import org.dtp.adapters.smugmug.SmugMugObjects.Album;
import org.dtp.adapters.smugmug.SmugMugObjects.Image;
import org.dtp.adapters.smugmug.SmugMugObjects.Page;
import org.dtp.adapters.smugmug.SmugMugObjects.User;
import org.dtp.models.MediaRef;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Exports a SmugMug user's albums and their photos and videos. The root's pages list the albums
 * ({@code !albums}, every album of the account, whatever folder it is in); an album's pages list its
 * images ({@code !images}); both page with start/count and follow {@code Pages.NextPage}, the continuation
 * being the next {@code start}. Originals are read from {@code ArchivedUri} and checked against
 * {@code ArchivedSize} and (for photos) {@code ArchivedMD5}. Nothing at SmugMug is changed.
 */
@Component(
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=smugmug",
                AdapterProperties.PROVIDER_NAME + "=SmugMug",
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class SmugMugMediaExporter implements Exporter<PhotoAlbum, MediaItem> {
    /** A media reference's uri when SmugMug offers no original; opening it says so. */
    static final String NO_ORIGINAL = "smugmug:no-original:";

    private final SmugMugConnector connector;

    @Activate
    public SmugMugMediaExporter(@Reference SmugMugConnector connector) {
        this.connector = connector;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        connector.validate(source);
    }

    @Override
    public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        SmugMugApi api = connector.account(context.endpoint()).api();
        int start = startOf(cursor.continuation());
        int count = connector.settings().pageSize();
        if (cursor.isRoot()) {
            User user = api.authUser();
            Page<Album> page = api.albums(user, start, count);
            List<PhotoAlbum> albums = new ArrayList<>();
            for (Album a : page.items()) {
                String name = a.name().isBlank() ? (a.urlName().isBlank() ? a.key() : a.urlName()) : a.name();
                albums.add(new PhotoAlbum(a.key(), name, a.description().isBlank() ? null : a.description()));
            }
            return new ExportPage<>(albums, List.of(), next(page));
        }
        String albumKey = cursor.containerId();
        if (!albumKey.matches("[A-Za-z0-9]+")) {
            throw new AdapterException("'" + albumKey + "' is not a SmugMug album key");
        }
        Page<Image> page = api.albumImages(albumKey, start, count);
        List<MediaItem> items = new ArrayList<>();
        for (Image image : page.items()) {
            items.add(item(image));
        }
        return new ExportPage<>(List.of(), items, next(page));
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        if (ref.uri().startsWith(NO_ORIGINAL)) {
            throw new ItemRejectedException("SmugMug offers no original file (ArchivedUri) for " + ref.uri().substring(NO_ORIGINAL.length())
                    + "; the owner may have to allow downloads of originals");
        }
        URI uri;
        try {
            uri = URI.create(ref.uri());
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("not a SmugMug media address: " + e.getMessage());
        }
        URI target = uri;
        if (!allowed(target)) {
            throw new ItemRejectedException("refusing to fetch " + target.getScheme() + "://" + target.getHost()
                    + ": not a SmugMug media host (see mediaHosts in " + SmugMugConfig.PID + ")");
        }
        InputStream in = connector.account(context.endpoint()).api().download(target);
        return new VerifyingInputStream(in, ref.size(), ref.md5(), "the original " + target.getRawPath());
    }

    private MediaItem item(Image i) {
        String fileName = i.fileName().isBlank() ? i.imageKey() + extensionOf(i.format()) : SmugMugApi.fromHeaderValue(i.fileName());
        String uri = i.archivedUri() == null ? NO_ORIGINAL + i.imageUri() : i.archivedUri();
        // Videos are re-encoded by SmugMug, and ArchivedMD5 has been seen not to match what it serves for them.
        String md5 = i.archivedUri() != null && !i.video() && i.archivedMd5() != null && i.archivedMd5().matches("[0-9a-fA-F]{32}")
                ? i.archivedMd5().toLowerCase(Locale.ROOT) : null;
        return new MediaItem(
                i.albumKey() + "/" + i.imageKey(),
                i.video() ? MediaKind.VIDEO : MediaKind.PHOTO,
                fileName,
                i.title().isBlank() ? null : i.title(),
                i.caption().isBlank() ? null : i.caption(),
                i.takenAt(),
                location(i),
                i.width(),
                i.height(),
                Map.of(),
                new MediaRef(uri, contentTypeOf(i.format(), i.video(), fileName), i.video() ? -1 : i.archivedSize(), md5));
    }

    private static GeoLocation location(Image i) {
        if (i.latitude() == null || i.longitude() == null || (i.latitude() == 0 && i.longitude() == 0)) {
            return null;
        }
        try {
            Double altitude = i.altitude() == null || i.altitude() == 0 ? null : i.altitude();
            return new GeoLocation(i.latitude(), i.longitude(), altitude);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static String contentTypeOf(String format, boolean video, String fileName) {
        String f = format == null || format.isBlank() ? extensionOfName(fileName) : format.toUpperCase(Locale.ROOT);
        return switch (f) {
            case "JPG", "JPEG" -> "image/jpeg";
            case "PNG" -> "image/png";
            case "GIF" -> "image/gif";
            case "HEIC", "HEIF" -> "image/heic";
            case "TIF", "TIFF" -> "image/tiff";
            case "WEBP" -> "image/webp";
            case "MP4", "M4V" -> "video/mp4";
            case "MOV" -> "video/quicktime";
            default -> video ? "video/mp4" : "application/octet-stream";
        };
    }

    private static String extensionOf(String format) {
        return format == null || format.isBlank() ? "" : "." + format.toLowerCase(Locale.ROOT);
    }

    private static String extensionOfName(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot < 0 ? "" : fileName.substring(dot + 1).toUpperCase(Locale.ROOT);
    }

    private boolean allowed(URI uri) {
        String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        URI api = connector.settings().apiBaseUrl();
        if (host.equalsIgnoreCase(api.getHost())) {
            return scheme.equals("https") || scheme.equalsIgnoreCase(api.getScheme());
        }
        if (!scheme.equals("https")) {
            return false;
        }
        return connector.settings().mediaHosts().stream().anyMatch(h -> host.equals(h) || host.endsWith("." + h));
    }

    private static int startOf(String continuation) throws AdapterException {
        if (continuation == null) {
            return 1;
        }
        try {
            int start = Integer.parseInt(continuation);
            if (start < 1) {
                throw new NumberFormatException();
            }
            return start;
        } catch (NumberFormatException e) {
            throw new AdapterException("'" + continuation + "' is not a continuation of the SmugMug exporter");
        }
    }

    private static String next(Page<?> page) {
        return page.nextStart() == null ? null : String.valueOf(page.nextStart());
    }
}
