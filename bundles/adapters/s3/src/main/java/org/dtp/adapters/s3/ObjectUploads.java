package org.dtp.adapters.s3;

import org.dtp.models.MediaRef;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Puts a stream's bytes under a key, there whole or not at all, and checked: up to the threshold in one PUT, larger
 * as a multipart upload whose parts are read one at a time (so an item holds at most one part in memory, however large
 * the file), in {@link Chunks}. Every body goes with its Content-MD5, which the store checks, and the ETag the store answers is compared
 * with the MD5 we sent (a single PUT's ETag is its MD5, a multipart object's the MD5 of its parts' MD5s and their
 * count) wherever it has that form (not with SSE-KMS, say). An object that arrived otherwise is deleted again.
 */
final class ObjectUploads {
    private static final Logger LOG = LoggerFactory.getLogger(ObjectUploads.class);
    /** "Part numbers 1 to 10,000" (Amazon S3 User Guide, "Amazon S3 multipart upload limits"). */
    static final int MAX_PARTS = 10_000;
    private static final Pattern SINGLE_ETAG = Pattern.compile("[0-9a-f]{32}");
    private static final Pattern MULTIPART_ETAG = Pattern.compile("[0-9a-f]{32}-[0-9]+");

    private final long threshold;
    private final long partSize;

    ObjectUploads(long threshold, long partSize) {
        this.threshold = threshold;
        this.partSize = partSize;
    }

    /** Where an item is to go and what it is. {@code metadata} gives the user metadata for the object's MD5, if known. */
    record Target(S3Client s3, String bucket, String key, String contentType, MediaRef ref, String itemId,
                  Function<String, Map<String, String>> metadata) {
    }

    /** Uploads {@code in} to the target; the bytes' count. */
    long put(Target target, InputStream in) throws IOException, TransientAdapterException, ItemRejectedException {
        PushbackInputStream source = new PushbackInputStream(in, 1);
        Chunks first = Chunks.read(source, threshold, target.ref().size());
        int next = first.length() < threshold ? -1 : source.read();
        if (next < 0) {
            putWhole(target, first);
            return first.length();
        }
        source.unread(next);
        return putInParts(target, first, source);
    }

    private void putWhole(Target t, Chunks bytes) throws TransientAdapterException {
        checkSize(t, bytes.length());
        MessageDigest digest = md5();
        bytes.digestInto(digest);
        byte[] md5 = digest.digest();
        String hex = HexFormat.of().formatHex(md5);
        checkMd5(t, hex);
        String eTag = t.s3().putObject(r -> r.bucket(t.bucket()).key(t.key()).contentType(t.contentType())
                        .contentLength(bytes.length()).contentMD5(Base64.getEncoder().encodeToString(md5))
                        .metadata(t.metadata().apply(hex)),
                RequestBody.fromContentProvider(bytes::newStream, bytes.length(), t.contentType())).eTag();
        checkETag(t, eTag, SINGLE_ETAG, hex);
    }

    private long putInParts(Target t, Chunks first, InputStream source)
            throws IOException, TransientAdapterException, ItemRejectedException {
        long size = t.ref().size();
        // a larger file takes larger parts, so that it fits in the parts S3 allows
        long perPart = size < 0 ? partSize : Math.max(partSize, (size + MAX_PARTS - 1) / MAX_PARTS);
        String uploadId = t.s3().createMultipartUpload(r -> r.bucket(t.bucket()).key(t.key()).contentType(t.contentType())
                .metadata(t.metadata().apply(t.ref().md5()))).uploadId();
        boolean done = false;
        try {
            MessageDigest whole = md5();
            MessageDigest ofParts = md5();
            List<CompletedPart> parts = new ArrayList<>();
            long total = 0;
            Chunks part = first;
            while (!part.isEmpty()) {
                if (parts.size() == MAX_PARTS) {
                    throw new ItemRejectedException("'" + t.itemId() + "' is larger than " + MAX_PARTS + " parts of "
                            + perPart + " bytes (S3's limit); set the part size higher");
                }
                part.digestInto(whole);
                MessageDigest ofPart = md5();
                part.digestInto(ofPart);
                byte[] md5 = ofPart.digest();
                ofParts.update(md5);
                String hex = HexFormat.of().formatHex(md5);
                int number = parts.size() + 1;
                Chunks body = part;
                String eTag = t.s3().uploadPart(r -> r.bucket(t.bucket()).key(t.key()).uploadId(uploadId).partNumber(number)
                                .contentLength(body.length()).contentMD5(Base64.getEncoder().encodeToString(md5)),
                        RequestBody.fromContentProvider(body::newStream, body.length(), t.contentType())).eTag();
                checkPartETag(t, number, eTag, hex);
                parts.add(CompletedPart.builder().partNumber(number).eTag(eTag).build());
                total += part.length();
                part.release(); // put() still holds the first part: one part in memory at a time
                part = Chunks.read(source, perPart, -1);
            }
            checkSize(t, total);
            checkMd5(t, HexFormat.of().formatHex(whole.digest()));
            String eTag = t.s3().completeMultipartUpload(r -> r.bucket(t.bucket()).key(t.key()).uploadId(uploadId)
                    .multipartUpload(u -> u.parts(parts))).eTag();
            done = true;
            checkETag(t, eTag, MULTIPART_ETAG, HexFormat.of().formatHex(ofParts.digest()) + "-" + parts.size());
            return total;
        } finally {
            if (!done) {
                abort(t, uploadId);
            }
        }
    }

    private static void checkSize(Target t, long count) throws TransientAdapterException {
        if (t.ref().size() >= 0 && t.ref().size() != count) {
            throw new TransientAdapterException("the source sent " + count + " bytes of '" + t.itemId()
                    + "' but announced " + t.ref().size(), null);
        }
    }

    private static void checkMd5(Target t, String hex) throws TransientAdapterException {
        if (t.ref().md5() != null && !t.ref().md5().equals(hex)) {
            throw new TransientAdapterException("the bytes the source sent of '" + t.itemId() + "' have the MD5 " + hex
                    + ", not the " + t.ref().md5() + " it announced", null);
        }
    }

    private static void checkPartETag(Target t, int number, String eTag, String md5) throws TransientAdapterException {
        String tag = unquoted(eTag);
        if (SINGLE_ETAG.matcher(tag).matches() && !tag.equals(md5)) {
            throw new TransientAdapterException("the storage reports the MD5 " + tag + " for part " + number + " of '"
                    + t.itemId() + "', not the " + md5 + " sent", null);
        }
    }

    /** Compares the object's ETag with what it must be if it has {@code form}; deletes an object that differs. */
    private static void checkETag(Target t, String eTag, Pattern form, String expected) throws TransientAdapterException {
        String tag = unquoted(eTag);
        if (form.matcher(tag).matches() && !tag.equals(expected)) {
            try {
                t.s3().deleteObject(r -> r.bucket(t.bucket()).key(t.key()));
            } catch (SdkException e) {
                LOG.warn("cannot delete {} after its ETag differed: {}", t.key(), e.toString());
            }
            throw new TransientAdapterException("the storage reports the ETag " + tag + " for '" + t.itemId()
                    + "', not the " + expected + " of the bytes sent", null);
        }
    }

    private static void abort(Target t, String uploadId) {
        try {
            t.s3().abortMultipartUpload(r -> r.bucket(t.bucket()).key(t.key()).uploadId(uploadId));
        } catch (SdkException e) {
            // a lifecycle rule (AbortIncompleteMultipartUpload) removes what is left; the README says so
            LOG.warn("cannot abort the multipart upload of {}: {}", t.key(), e.toString());
        }
    }

    private static String unquoted(String eTag) {
        return eTag == null ? "" : eTag.replace("\"", "");
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }
}
