package org.dtp.adapters.s3;

import org.dtp.formats.folder.FileNames;
import org.dtp.formats.folder.MediaTypes;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Imports photos and videos into a bucket, in the local folder's layout: an album is a key prefix ("folder") with a
 * hidden, empty marker object holding its name, description and idempotency key; an item is an object holding the
 * original bytes under its sanitised file name, its metadata and idempotency key in the object's user metadata
 * ({@link ObjectMetadata}). A name taken by anything else gets "name (2).ext", … ; nothing is overwritten. A retried
 * import finds its object by the key in its metadata (one HEAD) and uploads nothing; an object appears only whole (a
 * PUT, or a multipart upload's completion), so what is found is whole. A folder's names are listed once per job run
 * ({@link FolderNames}), so an item whose name is free there goes up without a HEAD.
 */
@Component(
        name = "org.dtp.adapters.s3.S3MediaImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + S3MediaImporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + S3MediaImporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class S3MediaImporter implements Importer<PhotoAlbum, MediaItem> {
    static final String PROVIDER = "s3";
    static final String PROVIDER_NAME = "S3-compatible object storage";
    /** The hidden marker object of an album an import created: empty, its metadata says what the album is. */
    static final String ALBUM_MARKER = ".dtp-album";
    /** How many numbered names ("name (n)") are tried before an item is refused. */
    private static final int MAX_NUMBERED = 1000;

    private final S3Connector connector;
    private final ObjectUploads uploads;
    /**
     * The keys items in flight on this node are being uploaded to: two items of one album with the same name (or two
     * transfers into one bucket) must not both find a name free and write it. Another node's import is not seen;
     * the README says so.
     */
    private final Set<String> claimed = ConcurrentHashMap.newKeySet();

    @Activate
    public S3MediaImporter(@Reference S3Connector connector) {
        this.connector = connector;
        this.uploads = new ObjectUploads(connector.multipartThreshold(), connector.partSize());
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        connector.validate(destination);
    }

    @Override
    public int concurrency() {
        return connector.itemsAtOnce();
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, PhotoAlbum album, String parentId)
            throws AdapterException {
        S3Settings settings = connector.settings(context);
        S3Client s3 = connector.client(context, settings);
        String parent = parentId == null ? "" : parentId + "/";
        String name = FileNames.sanitise(album.name(), "Album");
        String what = "the album '" + name + "' in " + settings.describe();
        try {
            for (int n = 1; n <= MAX_NUMBERED; n++) {
                String id = parent + FileNames.numberedFolder(name, n);
                String folder = settings.prefix() + id + "/";
                Optional<HeadObjectResponse> marker = head(s3, settings.bucket(), folder + ALBUM_MARKER);
                if (marker.isPresent()) {
                    if (idempotencyKey.equals(ObjectMetadata.get(marker.get().metadata(), ObjectMetadata.KEY))) {
                        return id; // made before
                    }
                    continue; // another import's album
                }
                if (s3.listObjectsV2(r -> r.bucket(settings.bucket()).prefix(folder).maxKeys(1)).keyCount() > 0) {
                    continue; // a folder of the person's own
                }
                s3.putObject(r -> r.bucket(settings.bucket()).key(folder + ALBUM_MARKER).contentLength(0L)
                                .metadata(ObjectMetadata.ofAlbum(idempotencyKey, album.id(), album.name(), album.description())),
                        RequestBody.empty());
                FolderNames.created(context, settings.bucket(), folder);
                return id;
            }
        } catch (SdkException e) {
            throw S3Failures.of(what, e);
        }
        throw new ItemRejectedException("there are " + MAX_NUMBERED + " folders named like '" + name + "' in "
                + settings.describe() + " already");
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, MediaItem item, String containerId)
            throws AdapterException {
        S3Settings settings = connector.settings(context);
        S3Client s3 = connector.client(context, settings);
        String folder = containerId == null ? "" : containerId + "/";
        String name = MediaTypes.fileNameOf(item);
        String what = "'" + folder + name + "' in " + settings.describe();
        try {
            FolderNames names = FolderNames.of(context, s3, settings.bucket(), settings.prefix() + folder);
            for (int n = 1; n <= MAX_NUMBERED; n++) {
                String stored = FileNames.numberedFile(name, n);
                String id = folder + stored;
                String key = settings.prefix() + id;
                if (!claimed.add(settings.bucket() + "/" + key)) {
                    continue; // an item in flight is on this name
                }
                try {
                    Optional<HeadObjectResponse> existing = names.mayBeTaken(stored)
                            ? head(s3, settings.bucket(), key) : Optional.empty();
                    if (existing.isPresent()) {
                        if (idempotencyKey.equals(ObjectMetadata.get(existing.get().metadata(), ObjectMetadata.KEY))) {
                            return id; // imported before: not uploaded again
                        }
                        continue;
                    }
                    names.writing(stored);
                    upload(context, s3, settings, key, idempotencyKey, item);
                    return id;
                } finally {
                    claimed.remove(settings.bucket() + "/" + key);
                }
            }
        } catch (SdkException e) {
            throw S3Failures.of(what, e);
        } catch (IOException e) {
            throw new TransientAdapterException("cannot read the bytes of " + what + ": " + e.getMessage(), e);
        }
        throw new ItemRejectedException("there are " + MAX_NUMBERED + " objects named like " + what + " already");
    }

    private void upload(ImportContext context, S3Client s3, S3Settings settings, String key, String idempotencyKey,
                        MediaItem item) throws AdapterException, IOException {
        String contentType = item.content().contentType() != null ? item.content().contentType()
                : MediaTypes.of(key).map(MediaTypes.MediaType::contentType).orElse("application/octet-stream");
        ObjectUploads.Target target = new ObjectUploads.Target(s3, settings.bucket(), key, contentType, item.content(),
                item.id(), md5 -> ObjectMetadata.of(context, idempotencyKey, item, md5));
        try (InputStream in = context.openMedia(item.content())) {
            uploads.put(target, in);
        }
    }

    /** The object's metadata, or empty when there is none under {@code key}. */
    static Optional<HeadObjectResponse> head(S3Client s3, String bucket, String key) {
        try {
            return Optional.of(s3.headObject(r -> r.bucket(bucket).key(key)));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty(); // a HEAD's 404 has no body to say NoSuchKey
            }
            throw e;
        }
    }
}
