package org.dtp.adapters.s3;

import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * One side's settings: where the bucket is and the keys to it. {@code endpoint} is empty for AWS S3 itself (the SDK
 * then derives it from the region). {@code prefix} is empty or ends with '/': every key this side reads or writes
 * starts with it.
 */
record S3Settings(Optional<URI> endpoint, String region, String bucket, String prefix, String accessKeyId,
                  String secretAccessKey, boolean pathStyle) {
    static final String ENDPOINT = "endpoint";
    static final String REGION = "region";
    static final String BUCKET = "bucket";
    static final String PREFIX = "prefix";
    /** Both names contain "key", so SecretSettings seals and masks them like every secret. */
    static final String ACCESS_KEY_ID = "accessKeyId";
    static final String SECRET_ACCESS_KEY = "secretAccessKey";
    static final String PATH_STYLE = "pathStyle";
    /** The region most S3-compatible stores accept whatever their own is called (MinIO, Ceph, S3Proxy). */
    static final String DEFAULT_REGION = "us-east-1";

    static S3Settings of(TransferEndpoint endpoint) throws InvalidEndpointException {
        Optional<URI> url = endpointUrl(endpoint.settings().get(ENDPOINT));
        String region = endpoint.settings().getOrDefault(REGION, "").strip();
        String bucket = endpoint.require(BUCKET).strip();
        if (bucket.contains("/") || bucket.length() > 255) {
            throw new InvalidEndpointException("'" + bucket + "' is not a bucket name (put folders into 'prefix')");
        }
        String style = endpoint.settings().getOrDefault(PATH_STYLE, "").strip().toLowerCase(Locale.ROOT);
        boolean pathStyle = switch (style) {
            case "" -> url.isPresent(); // the compatible stores mostly want it; AWS S3 wants virtual hosts
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidEndpointException("'pathStyle' is true or false, not '" + style + "'");
        };
        return new S3Settings(url, region.isEmpty() ? DEFAULT_REGION : region, bucket,
                prefix(endpoint.settings().getOrDefault(PREFIX, "")), endpoint.require(ACCESS_KEY_ID).strip(),
                endpoint.require(SECRET_ACCESS_KEY), pathStyle);
    }

    private static Optional<URI> endpointUrl(String value) throws InvalidEndpointException {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        URI uri;
        try {
            uri = new URI(value.strip());
        } catch (URISyntaxException e) {
            throw new InvalidEndpointException("'endpoint' is not a URL: " + e.getMessage());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw new InvalidEndpointException("'endpoint' must be an http or https URL, like https://s3.example.com, not '" + value + "'");
        }
        if (uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new InvalidEndpointException("'endpoint' must name a host and nothing else but a port and path: '" + value + "'");
        }
        return Optional.of(uri);
    }

    /** The prefix without leading slashes, with one trailing slash; refuses "." and ".." segments. */
    private static String prefix(String value) throws InvalidEndpointException {
        String p = value.strip();
        while (p.startsWith("/")) {
            p = p.substring(1);
        }
        if (p.isEmpty()) {
            return "";
        }
        for (String segment : p.split("/")) {
            if (segment.equals(".") || segment.equals("..")) {
                throw new InvalidEndpointException("'prefix' may not hold '.' or '..' segments: '" + value + "'");
            }
        }
        return p.endsWith("/") ? p : p + "/";
    }

    /** The host the SDK connects to: the endpoint's, or AWS S3's for the region. */
    String host() {
        return endpoint.map(URI::getHost).orElse("s3." + region + ".amazonaws.com");
    }

    /** Where this is, for messages: never the keys. */
    String describe() {
        return "bucket '" + bucket + "'" + (prefix.isEmpty() ? "" : " under '" + prefix + "'")
                + endpoint.map(u -> " at " + u).orElse(" in AWS S3 " + region);
    }

    @Override
    public String toString() {
        return "S3Settings[" + describe() + "]"; // keeps the secret out of logs
    }
}
