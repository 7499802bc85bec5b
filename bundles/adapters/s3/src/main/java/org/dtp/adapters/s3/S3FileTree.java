package org.dtp.adapters.s3;

import org.dtp.formats.folder.FileTree;
import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransientAdapterException;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.io.FilterInputStream;
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
 * a ranged read is a GetObject with a Range header; files are put whole with one PUT and its Content-MD5, which the
 * store checks; streams as the media importer puts them ({@link ObjectUploads}: one PUT up to the multipart
 * threshold, a multipart upload above, checked either way).
 */
final class S3FileTree implements FileTree {
    private static final int RANGE_NOT_SATISFIABLE = 416;
    /** The most keys one ListObjectsV2 answer holds (Amazon S3 API Reference, ListObjectsV2, MaxKeys). */
    private static final int MAX_KEYS = 1000;
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
        return listing(folder, null, Integer.MAX_VALUE, true);
    }

    /** ListObjectsV2 from StartAfter on, in the store's order (Amazon S3's: by UTF-8 bytes; S3Proxy's: Java's). */
    @Override
    public List<Node> listFilesAfter(String folder, String after, int limit) throws AdapterException {
        return listing(folder, after, limit, false);
    }

    /** Up to {@code limit} of the folder's files after {@code after} ({@code null}: all), and its folders if asked. */
    private List<Node> listing(String folder, String after, int limit, boolean withFolders) throws AdapterException {
        String prefix = folder.isEmpty() ? settings.prefix() : key(folder) + "/";
        String startAfter = after == null ? null : prefix + after;
        List<Node> nodes = new ArrayList<>();
        String token = null;
        try {
            do {
                String from = token;
                int wanted = Math.min(MAX_KEYS, limit - nodes.size());
                // StartAfter on the first request only: a continuation token goes on from where the last answer ended
                // (S3 ignores StartAfter beside it; S3Proxy refuses the two together)
                ListObjectsV2Response listed = s3.listObjectsV2(r -> r.bucket(settings.bucket()).prefix(prefix).delimiter("/")
                        .startAfter(from == null ? startAfter : null).continuationToken(from).maxKeys(wanted));
                if (withFolders) {
                    for (CommonPrefix p : listed.commonPrefixes()) {
                        nodes.add(new Node(p.prefix().substring(prefix.length(), p.prefix().length() - 1), true, -1));
                    }
                }
                for (S3Object o : listed.contents()) {
                    if (o.key().length() > prefix.length()) { // not a "folder" object of another tool
                        nodes.add(new Node(o.key().substring(prefix.length()), false, o.size()));
                    }
                }
                token = Boolean.TRUE.equals(listed.isTruncated()) ? listed.nextContinuationToken() : null;
            } while (token != null && nodes.size() < limit);
        } catch (SdkException e) {
            throw S3Failures.of("listing '" + folder + "' of " + settings.describe(), e);
        }
        return nodes.size() > limit ? nodes.subList(0, limit) : nodes;
    }

    @Override
    public Optional<InputStream> open(String path) throws AdapterException {
        String key = key(path);
        try {
            return Optional.of(new LeftUnread(s3.getObject(r -> r.bucket(settings.bucket()).key(key))));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (SdkException e) {
            throw S3Failures.of("'" + path + "' in " + settings.describe(), e);
        }
    }

    /**
     * A GetObject with {@code Range: bytes=<offset>-}; the version is the object's ETag. A store that sends the whole
     * object anyway (no Content-Range) has the bytes before the offset skipped; an offset at or past the end (416)
     * gives no bytes, with the ETag a HeadObject says.
     */
    @Override
    public Optional<Slice> open(String path, long offset) throws AdapterException {
        String key = key(path);
        try {
            ResponseInputStream<GetObjectResponse> response = s3.getObject(r -> r.bucket(settings.bucket()).key(key)
                    .range("bytes=" + offset + "-"));
            InputStream bytes = new LeftUnread(response);
            if (offset > 0 && response.response().contentRange() == null) {
                skip(bytes, offset, path);
            }
            return Optional.of(new Slice(bytes, response.response().eTag()));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == RANGE_NOT_SATISFIABLE) {
                return Optional.of(new Slice(InputStream.nullInputStream(), head(path, key)));
            }
            throw S3Failures.of("'" + path + "' in " + settings.describe(), e);
        } catch (SdkException e) {
            throw S3Failures.of("'" + path + "' in " + settings.describe(), e);
        }
    }

    private String head(String path, String key) throws AdapterException {
        try {
            return s3.headObject(r -> r.bucket(settings.bucket()).key(key)).eTag();
        } catch (SdkException e) {
            throw S3Failures.of("'" + path + "' in " + settings.describe(), e);
        }
    }

    private static void skip(InputStream bytes, long offset, String path) throws TransientAdapterException {
        try {
            bytes.skipNBytes(offset);
        } catch (IOException e) {
            try {
                bytes.close();
            } catch (IOException ignored) {
                // the failure reported is the read's
            }
            throw new TransientAdapterException("reading '" + path + "' up to byte " + offset + " failed: " + e.getMessage(), e);
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

    /**
     * An object's bytes that a reader may leave before their end (a message whose header block was all it wanted):
     * closed there, the connection is dropped rather than the rest downloaded to keep it (which Apache HttpClient
     * does, object after object), unless what is left is little.
     */
    private static final class LeftUnread extends FilterInputStream {
        /** Less than this left is read to the end, which keeps the connection for the next request. */
        private static final long DRAIN_BYTES = 64 * 1024;
        private final ResponseInputStream<GetObjectResponse> response;
        private long left;
        private boolean ended;

        LeftUnread(ResponseInputStream<GetObjectResponse> response) {
            super(response);
            this.response = response;
            Long length = response.response().contentLength();
            this.left = length == null ? -1 : length;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b < 0) {
                ended = true;
            } else if (left > 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n < 0) {
                ended = true;
            } else if (left > 0) {
                left = Math.max(0, left - n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            if (left > 0) {
                left = Math.max(0, left - skipped);
            }
            return skipped;
        }

        @Override
        public void close() throws IOException {
            if (!ended && (left < 0 || left > DRAIN_BYTES)) {
                response.abort();
            }
            super.close();
        }
    }

    private static byte[] md5(byte[] bytes) {
        try {
            return MessageDigest.getInstance("MD5").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has MD5", e);
        }
    }
}
