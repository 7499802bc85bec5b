package org.dtp.adapters.smugmug;

import org.dtp.adapters.smugmug.SmugMugConnector.Account;
import org.dtp.adapters.smugmug.SmugMugObjects.Album;
import org.dtp.adapters.smugmug.SmugMugObjects.Image;
import org.dtp.adapters.smugmug.SmugMugObjects.User;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.ProviderRejectedException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Imports photos and videos into SmugMug: a source album becomes an album in the user's root folder
 * ({@code POST <Folder>!albums}); an item is uploaded to the uploader with the {@code X-Smug-*} headers.
 * <ul>
 * <li><b>Idempotent</b>: what it creates carries a marker keyword made from the job and the key
 *     ({@link KeywordMarkers}); before creating an album or uploading an item it looks for its marker, so a retry
 *     after a lost answer or a crash finds the first copy and returns its id.</li>
 * <li><b>Full albums</b>: past {@code maxImagesPerAlbum} images, or when the uploader answers "album full",
 *     items go to "Name (2)", "Name (3)", …; the id returned for an item names the album it is really in.</li>
 * <li><b>Streaming</b>: bytes flow from the source to SmugMug in 64 KiB pieces; with {@code sendContentMd5}
 *     (default) the upload carries {@code Content-MD5}: the source's MD5 when it tells one
 *     ({@link org.dtp.models.MediaRef#md5()}), else the bytes pass through an encrypted spool file first so that
 *     their MD5 can precede them.</li>
 * <li><b>Text</b>: a title or caption that cannot travel in a header unchanged (non-ASCII, several lines) is
 *     set after the upload with {@code PATCH <ImageUri>} instead.</li>
 * </ul>
 */
@Component(
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=smugmug",
                AdapterProperties.PROVIDER_NAME + "=SmugMug",
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class SmugMugMediaImporter implements Importer<PhotoAlbum, MediaItem> {
    private static final Logger LOG = LoggerFactory.getLogger(SmugMugMediaImporter.class);
    private static final Pattern ALBUM_URI = Pattern.compile("/api/v2/album/([A-Za-z0-9]+)");
    /** Overflow albums tried for one item when SmugMug keeps answering "album full". */
    private static final int FULL_ALBUM_ATTEMPTS = 3;
    /** New UrlNames tried when SmugMug says one is taken (409). */
    private static final int URL_NAME_ATTEMPTS = 3;

    private final SmugMugConnector connector;

    @Activate
    public SmugMugMediaImporter(@Reference SmugMugConnector connector) {
        this.connector = connector;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        connector.validate(destination);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, PhotoAlbum album, String parentId)
            throws AdapterException {
        // SmugMug albums cannot hold albums: an album inside another at the source goes to the root folder too.
        Account account = connector.account(context.endpoint());
        String marker = KeywordMarkers.album(context.jobId(), idempotencyKey);
        return "/api/v2/album/" + findOrCreateAlbum(account, marker, Names.albumName(album.name()), album.description()).key();
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, MediaItem item, String containerId)
            throws AdapterException {
        Account account = connector.account(context.endpoint());
        String albumKey = containerId == null ? rootAlbum(context, account) : albumKeyOf(containerId);
        String marker = KeywordMarkers.image(context.jobId(), idempotencyKey);
        AlbumChain chain = connector.chain(account, albumKey);
        synchronized (chain) {
            try {
                Optional<Image> earlier = chain.find(account.api(), marker);
                if (earlier.isPresent()) {
                    keepText(account.api(), earlier.get(), item);
                    return earlier.get().albumImageUri();
                }
                return upload(context, account, chain, item, marker);
            } catch (AdapterException | RuntimeException e) {
                connector.forget(account, albumKey, chain); // an upload that failed may have been stored: look again next time
                if (containerId == null) {
                    connector.rootAlbum(account, context.jobId(), null);
                }
                throw e;
            }
        }
    }

    private String upload(ImportContext context, Account account, AlbumChain chain, MediaItem item, String marker)
            throws AdapterException {
        SmugMugSettings settings = connector.settings();
        String title = item.title() == null ? "" : item.title().strip();
        String caption = item.description() == null ? "" : item.description();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Smug-FileName", SmugMugApi.headerValue(Names.fileName(item.fileName(), "image")));
        headers.put("X-Smug-Keywords", marker);
        if (!title.isEmpty() && Names.headerSafe(title)) {
            headers.put("X-Smug-Title", title);
        }
        if (!caption.isEmpty() && Names.headerSafe(caption)) {
            headers.put("X-Smug-Caption", caption);
        }
        if (item.location() != null) {
            headers.put("X-Smug-Latitude", Double.toString(item.location().latitude()));
            headers.put("X-Smug-Longitude", Double.toString(item.location().longitude()));
            if (item.location().altitude() != null) {
                headers.put("X-Smug-Altitude", Double.toString(item.location().altitude()));
            }
        }
        String contentType = contentTypeOf(item);
        long expected = item.content().size();
        // The source's own MD5 (when it tells one) lets the upload carry Content-MD5 and still stream; a copy that
        // differs from it fails SmugMug's check (and the exporter's), so nothing wrong is kept.
        String knownMd5 = expected >= 0 && item.content().md5() != null
                ? Base64.getEncoder().encodeToString(HexFormat.of().parseHex(item.content().md5())) : null;
        Spool spool = null;
        try {
            if ((settings.sendContentMd5() && knownMd5 == null) || expected < 0) {
                spool = spool(context, item, settings);
            }
            for (int attempt = 0; attempt < FULL_ALBUM_ATTEMPTS; attempt++) {
                AlbumChain.Member target = chain.target(settings.maxImagesPerAlbum(), (first, number) -> overflow(account, first, number));
                SmugMugApi.Upload answer;
                try (InputStream body = spool != null ? spool.open() : context.openMedia(item.content())) {
                    String contentMd5 = spool != null ? spool.md5Base64() : settings.sendContentMd5() ? knownMd5 : null;
                    answer = account.api().upload(target.uri, headers, contentType, contentMd5,
                            body, spool != null ? spool.size() : expected);
                } catch (IOException e) {
                    throw new TransientAdapterException("cannot read '" + item.fileName() + "' for SmugMug: " + e.getMessage(), e);
                }
                if (answer.outcome() == SmugMugApi.Upload.Outcome.ALBUM_FULL) {
                    LOG.debug("SmugMug album {} is full after {} images; continuing in the next one", target.key, target.imageCount);
                    target.full = true;
                    continue;
                }
                chain.stored(target, marker);
                boolean textInHeaders = (title.isEmpty() || headers.containsKey("X-Smug-Title"))
                        && (caption.isEmpty() || headers.containsKey("X-Smug-Caption"));
                if (!textInHeaders) {
                    account.api().patchImage(answer.imageUri(), title, caption);
                }
                return answer.albumImageUri();
            }
            throw new TransientAdapterException("SmugMug answered 'album full' for " + FULL_ALBUM_ATTEMPTS
                    + " albums in a row while importing '" + item.fileName() + "'", null);
        } finally {
            if (spool != null) {
                try {
                    spool.close();
                } catch (IOException e) {
                    LOG.warn("cannot delete the spool file {}: {}", spool.file(), e.toString());
                }
            }
        }
    }

    private static Spool spool(ImportContext context, MediaItem item, SmugMugSettings settings) throws AdapterException {
        Spool spool;
        try {
            spool = Spool.copy(context.openMedia(item.content()), settings.spoolDirectory());
        } catch (IOException e) {
            throw new TransientAdapterException("cannot read '" + item.fileName() + "' from the source: " + e.getMessage(), e);
        }
        long expected = item.content().size();
        if (expected >= 0 && spool.size() != expected) {
            try {
                spool.close();
            } catch (IOException e) {
                LOG.warn("cannot delete the spool file {}: {}", spool.file(), e.toString());
            }
            throw new TransientAdapterException("the source gave " + spool.size() + " bytes of '" + item.fileName()
                    + "', not the " + expected + " it announced", null);
        }
        return spool;
    }

    /** Makes an earlier copy's title and caption what the item says (a crash may have come between upload and PATCH). */
    private static void keepText(SmugMugApi api, Image image, MediaItem item) throws AdapterException {
        String title = item.title() == null ? "" : item.title().strip();
        String caption = item.description() == null ? "" : item.description();
        if (!image.title().equals(title) || !image.caption().equals(caption)) {
            api.patchImage(image.imageUri(), title, caption);
        }
    }

    private Album overflow(Account account, Album first, int number) throws AdapterException {
        String marker = KeywordMarkers.overflow(first.key(), number);
        return createAlbum(account, account.api().authUser(), marker, Names.numbered(first.name(), number), first.description());
    }

    private String rootAlbum(ImportContext context, Account account) throws AdapterException {
        String cached = connector.rootAlbum(account, context.jobId());
        if (cached != null) {
            return cached;
        }
        String marker = KeywordMarkers.album(context.jobId(), KeywordMarkers.ROOT_KEY);
        String key = findOrCreateAlbum(account, marker, Names.albumName(connector.settings().rootAlbumName()), null).key();
        connector.rootAlbum(account, context.jobId(), key);
        return key;
    }

    private Album findOrCreateAlbum(Account account, String marker, String name, String description) throws AdapterException {
        User user = account.api().authUser();
        List<Album> found = account.api().findAlbums(user, a -> a.hasKeyword(marker));
        if (!found.isEmpty()) {
            return found.get(0);
        }
        return createAlbum(account, user, marker, name, description);
    }

    /** Creates an album carrying {@code marker}; a UrlName SmugMug says is taken is varied a few times. */
    private Album createAlbum(Account account, User user, String marker, String name, String description) throws AdapterException {
        String tag = KeywordMarkers.tag(marker);
        for (int attempt = 0; ; attempt++) {
            String urlName = Names.urlName(name, attempt == 0 ? tag : tag + attempt);
            try {
                Album album = account.api().createAlbum(user, name, urlName, description, marker);
                if (!album.hasKeyword(marker)) {
                    album = account.api().patchAlbum(album.key(), Map.of("Keywords", marker));
                    if (!album.hasKeyword(marker)) {
                        throw new TransientAdapterException("SmugMug did not keep the keyword " + marker + " on album "
                                + album.key() + "; without it a retry could create the album twice", null);
                    }
                }
                return album;
            } catch (ProviderRejectedException e) {
                if (e.status() != 409 || attempt + 1 >= URL_NAME_ATTEMPTS) {
                    throw e;
                }
                LOG.debug("SmugMug says the UrlName {} is taken; trying another", urlName);
            }
        }
    }

    private static String albumKeyOf(String containerId) throws AdapterException {
        Matcher m = ALBUM_URI.matcher(containerId);
        if (!m.matches()) {
            throw new AdapterException("'" + containerId + "' is not a SmugMug album this importer made");
        }
        return m.group(1);
    }

    private static String contentTypeOf(MediaItem item) {
        String type = item.content().contentType();
        if (type != null && type.matches("[A-Za-z0-9.+-]+/[A-Za-z0-9.+-]+")) {
            return type;
        }
        return SmugMugMediaExporter.contentTypeOf("", item.kind() == org.dtp.models.media.MediaKind.VIDEO, item.fileName());
    }
}
