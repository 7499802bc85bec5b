package org.dtp.adapters.s3;

import org.dtp.formats.folder.MediaTypes;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
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
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Exports the photos and videos of a bucket (under the prefix): every "folder" (key prefix ending in '/') is an album,
 * at any depth, its name and description from the marker an import left, else its last segment; every object whose
 * name has a photo or video extension ({@link MediaTypes}) is an item of the folder it is in, its metadata from its
 * user metadata ({@link ObjectMetadata}; one HEAD per item). Hidden names (starting with '.') are skipped. A page is
 * one ListObjectsV2 call with '/' as delimiter; its continuation token is the cursor, so sub-albums come once each,
 * in key order among the items.
 */
@Component(
        name = "org.dtp.adapters.s3.S3MediaExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + S3MediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + S3MediaImporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class S3MediaExporter implements Exporter<PhotoAlbum, MediaItem> {
    private final S3Connector connector;

    @Activate
    public S3MediaExporter(@Reference S3Connector connector) {
        this.connector = connector;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        connector.validate(source);
    }

    @Override
    public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        S3Settings settings = connector.settings(context);
        S3Client s3 = connector.client(context, settings);
        String root = settings.prefix();
        String folder = cursor.isRoot() ? root : root + cursor.containerId() + "/";
        try {
            ListObjectsV2Response listed = s3.listObjectsV2(r -> r.bucket(settings.bucket()).prefix(folder).delimiter("/")
                    .maxKeys(connector.pageSize()).continuationToken(cursor.continuation()));
            List<PhotoAlbum> albums = new ArrayList<>();
            for (CommonPrefix p : listed.commonPrefixes()) {
                String name = p.prefix().substring(folder.length(), p.prefix().length() - 1);
                if (!name.isEmpty() && !name.startsWith(".")) {
                    albums.add(album(s3, settings, p.prefix().substring(root.length(), p.prefix().length() - 1), name, p.prefix()));
                }
            }
            List<MediaItem> items = new ArrayList<>();
            for (S3Object o : listed.contents()) {
                String name = o.key().substring(folder.length());
                Optional<MediaTypes.MediaType> type = MediaTypes.of(name);
                if (name.isEmpty() || name.startsWith(".") || type.isEmpty()) {
                    continue;
                }
                String id = o.key().substring(root.length());
                HeadObjectResponse head = s3.headObject(r -> r.bucket(settings.bucket()).key(o.key()));
                Map<String, String> metadata = head.metadata();
                String md5 = ObjectMetadata.get(metadata, ObjectMetadata.MD5);
                MediaRef content = new MediaRef(id, head.contentType() != null && !head.contentType().isBlank()
                        ? head.contentType() : type.get().contentType(), o.size(),
                        md5 != null && md5.matches("[0-9a-f]{32}") ? md5 : null);
                items.add(ObjectMetadata.item(id, name, type.get().kind(), metadata, content));
            }
            return new ExportPage<>(albums, items, Boolean.TRUE.equals(listed.isTruncated()) ? listed.nextContinuationToken() : null);
        } catch (SdkException e) {
            throw S3Failures.of("listing " + folder + " of " + settings.describe(), e);
        }
    }

    private static PhotoAlbum album(S3Client s3, S3Settings settings, String id, String folderName, String prefix) {
        Map<String, String> marker = S3MediaImporter.head(s3, settings.bucket(), prefix + S3MediaImporter.ALBUM_MARKER)
                .map(HeadObjectResponse::metadata).orElse(Map.of());
        String name = ObjectMetadata.get(marker, ObjectMetadata.NAME);
        return new PhotoAlbum(id, name == null ? folderName : name, ObjectMetadata.get(marker, ObjectMetadata.DESCRIPTION));
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        S3Settings settings = connector.settings(context);
        String uri = ref.uri();
        if (uri.startsWith("/") || ("/" + uri + "/").contains("/../") || ("/" + uri + "/").contains("/./")) {
            throw new ItemRejectedException("'" + uri + "' is not a key in " + settings.describe());
        }
        String key = settings.prefix() + uri;
        try {
            return connector.client(context, settings).getObject(r -> r.bucket(settings.bucket()).key(key));
        } catch (SdkException e) {
            throw S3Failures.of("'" + uri + "' in " + settings.describe(), e);
        }
    }
}
