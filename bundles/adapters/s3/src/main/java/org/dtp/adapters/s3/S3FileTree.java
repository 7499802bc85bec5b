package org.dtp.adapters.s3;

import org.dtp.formats.folder.FileTree;
import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransientAdapterException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A transfer's bucket (under its prefix) as the folder layout's {@link FileTree}: a path is a key relative to the
 * prefix, a folder a key prefix ending in '/'. Listing is ListObjectsV2 with '/' as delimiter (every page of it);
 * files are put whole with one PUT and its Content-MD5, which the store checks; streams as the media importer puts
 * them ({@link ObjectUploads}: one PUT up to the multipart threshold, a multipart upload above, checked either way).
 */
final class S3FileTree implements FileTree {
    private final S3Client s3;
    private final S3Settings settings;
    private final ObjectUploads uploads;

    private S3FileTree(S3Client s3, S3Settings settings, ObjectUploads uploads) {
        this.s3 = s3;
        this.settings = settings;
        this.uploads = uploads;
    }

    /** The tree of the context's side. */
    static S3FileTree of(S3Connector connector, TransferContext context) throws AdapterException {
        S3Settings settings = connector.settings(context);
        return new S3FileTree(connector.client(context, settings), settings,
                new ObjectUploads(connector.multipartThreshold(), connector.partSize()));
    }

    @Override
    public List<Node> list(String folder) throws AdapterException {
        String prefix = folder.isEmpty() ? settings.prefix() : key(folder) + "/";
        List<Node> nodes = new ArrayList<>();
        String token = null;
        try {
            do {
                String from = token;
                ListObjectsV2Response listed = s3.listObjectsV2(r -> r.bucket(settings.bucket()).prefix(prefix).delimiter("/")
                        .continuationToken(from));
                for (CommonPrefix p : listed.commonPrefixes()) {
                    nodes.add(new Node(p.prefix().substring(prefix.length(), p.prefix().length() - 1), true, -1));
                }
                for (S3Object o : listed.contents()) {
                    if (o.key().length() > prefix.length()) { // not a "folder" object of another tool
                        nodes.add(new Node(o.key().substring(prefix.length()), false, o.size()));
                    }
                }
                token = Boolean.TRUE.equals(listed.isTruncated()) ? listed.nextContinuationToken() : null;
            } while (token != null);
        } catch (SdkException e) {
            throw S3Failures.of("listing '" + folder + "' of " + settings.describe(), e);
        }
        return nodes;
    }

    @Override
    public Optional<InputStream> open(String path) throws AdapterException {
        String key = key(path);
        try {
            return Optional.of(s3.getObject(r -> r.bucket(settings.bucket()).key(key)));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (SdkException e) {
            throw S3Failures.of("'" + path + "' in " + settings.describe(), e);
        }
    }

    @Override
    public void put(String path, byte[] bytes, String contentType) throws AdapterException {
        String key = key(path);
        String md5 = Base64.getEncoder().encodeToString(md5(bytes));
        try {
            s3.putObject(r -> r.bucket(settings.bucket()).key(key).contentType(contentType).contentLength((long) bytes.length)
                    .contentMD5(md5), RequestBody.fromBytes(bytes));
        } catch (SdkException e) {
            throw S3Failures.of("writing '" + path + "' into " + settings.describe(), e);
        }
    }

    @Override
    public void put(String path, InputStream body, long size, String contentType) throws AdapterException {
        ObjectUploads.Target target = new ObjectUploads.Target(s3, settings.bucket(), key(path), contentType,
                new MediaRef(path, contentType, size), path, md5 -> Map.of());
        try {
            uploads.put(target, body);
        } catch (IOException e) {
            throw new TransientAdapterException("reading the bytes for '" + path + "' failed: " + e.getMessage(), e);
        } catch (SdkException e) {
            throw S3Failures.of("writing '" + path + "' into " + settings.describe(), e);
        }
    }

    /** Nothing to make: a folder is there once a key is in it. True when no key is in it yet. */
    @Override
    public boolean makeFolder(String path) throws AdapterException {
        String prefix = key(path) + "/";
        try {
            return s3.listObjectsV2(r -> r.bucket(settings.bucket()).prefix(prefix).maxKeys(1)).contents().isEmpty();
        } catch (SdkException e) {
            throw S3Failures.of("listing '" + path + "' of " + settings.describe(), e);
        }
    }

    @Override
    public String describe() {
        return settings.describe();
    }

    /** The key of {@code path}; refuses paths that are absolute or have '.' or '..' names. */
    private String key(String path) throws ItemRejectedException {
        if (path.isEmpty() || path.startsWith("/") || ("/" + path + "/").contains("/../") || ("/" + path + "/").contains("/./")
                || path.contains("//")) {
            throw new ItemRejectedException("'" + path + "' is not a key in " + settings.describe());
        }
        return settings.prefix() + path;
    }

    private static byte[] md5(byte[] bytes) {
        try {
            return MessageDigest.getInstance("MD5").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has MD5", e);
        }
    }
}
