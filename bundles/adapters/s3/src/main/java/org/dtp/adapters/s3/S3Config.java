package org.dtp.adapters.s3;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the S3 adapter (PID {@value #PID}), optional: its defaults suit AWS S3 and the compatible stores. */
@ObjectClassDefinition(
        id = S3Config.PID,
        name = "DTP S3-compatible object storage adapter",
        description = "Page size, multipart sizes, items in flight and time-outs for buckets of S3-compatible object storage.")
public @interface S3Config {
    String PID = "org.dtp.adapters.s3";

    /** ListObjectsV2 returns at most 1,000 keys a call (Amazon S3 API Reference, ListObjectsV2, MaxKeys). */
    @AttributeDefinition(name = "Page size", description = "Objects listed per export page (1 to 1000; S3 lists at most 1000 a call).",
            min = "1", max = "1000")
    int pageSize() default 1000;

    /**
     * Objects up to this size go up in one PUT; larger ones as a multipart upload. A PUT takes up to 5 GiB
     * (Amazon S3 User Guide, "Uploading objects"); 16 MiB keeps what one item holds in memory small.
     */
    @AttributeDefinition(name = "Multipart threshold (MiB)", description = "Files larger than this go up as multipart uploads (5 to 4096).",
            min = "5", max = "4096")
    int multipartThresholdMiB() default 16;

    /**
     * Bytes per part of a multipart upload, held in memory while the part is sent (one part per item in flight).
     * Parts are 5 MiB to 5 GiB, at most 10,000 of them (Amazon S3 User Guide, "Amazon S3 multipart upload limits"):
     * a larger file gets larger parts.
     */
    @AttributeDefinition(name = "Part size (MiB)", description = "Bytes per part of a multipart upload (5 to 4096).",
            min = "5", max = "4096")
    int partSizeMiB() default 16;

    /** rclone's default is 4 transfers at once; S3 itself takes thousands of requests a second per prefix. */
    @AttributeDefinition(name = "Items at once", description = "Objects one transfer uploads at the same time (1 to 64).",
            min = "1", max = "64")
    int itemsAtOnce() default 4;

    @AttributeDefinition(name = "Connect time-out (s)", description = "Seconds to wait for a connection to the storage.")
    int connectTimeoutSeconds() default 10;

    @AttributeDefinition(name = "Read time-out (s)", description = "Seconds a connection may stay silent while a request waits for its answer.")
    int socketTimeoutSeconds() default 60;

    @AttributeDefinition(name = "Connections", description = "Connections kept open to the storage servers, for all transfers of this node.")
    int maxConnections() default 64;

    /** For stores with a private CA or a self-signed certificate (MinIO, Ceph, S3Proxy of one's own) over https. */
    @AttributeDefinition(name = "Trust store", description = "Key store file with the certificates trusted for HTTPS; empty: the JVM's default.")
    String trustStore() default "";

    @AttributeDefinition(name = "Trust store type", description = "PKCS12 or JKS.")
    String trustStoreType() default "PKCS12";

    @AttributeDefinition(name = "Trust store password", description = "Password of the trust store, if it has one.", type = AttributeType.PASSWORD)
    String trustStorePassword() default "";
}
