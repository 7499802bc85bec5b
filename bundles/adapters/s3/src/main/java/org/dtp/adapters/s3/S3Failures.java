package org.dtp.adapters.s3;

import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationFullException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.util.Optional;

/** What a failed S3 call means for a transfer: try again later, skip the item, or stop. */
final class S3Failures {
    private S3Failures() {
    }

    /** The host check's refusal somewhere in {@code e}'s causes. */
    static Optional<String> refusal(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CheckedDnsResolver.RefusedHostException refused) {
                return Optional.of(refused.getMessage());
            }
        }
        return Optional.empty();
    }

    /** {@code e} from a call about {@code what} (an item or the bucket), as the exception the engine acts on. */
    static AdapterException of(String what, SdkException e) {
        Optional<String> refused = refusal(e);
        if (refused.isPresent()) {
            return new AdapterException(refused.get());
        }
        if (e instanceof S3Exception s3) {
            int status = s3.statusCode();
            String code = s3.awsErrorDetails() == null ? null : s3.awsErrorDetails().errorCode();
            String said = what + ": the storage answered " + status + (code == null ? "" : " " + code);
            if (status == 429 || status == 408 || status >= 500 || "SlowDown".equals(code) || "RequestTimeout".equals(code)) {
                return new TransientAdapterException(said, e);
            }
            // MinIO says XMinioStorageFull (507); Backblaze B2 answers 403 when the account's storage cap is reached
            if (status == 507 || "XMinioStorageFull".equals(code) || "QuotaExceeded".equals(code)) {
                return new DestinationFullException(said, e);
            }
            if (status == 400 || status == 404 || status == 409 || status == 412) {
                return new ItemRejectedException(said, e);
            }
            return new AdapterException(said, e); // 401/403 and the rest: the keys or the bucket, for every item alike
        }
        if (e instanceof SdkClientException) {
            return new TransientAdapterException(what + ": " + e.getMessage(), e); // connection lost, time-out
        }
        return new AdapterException(what + ": " + e.getMessage(), e);
    }

    /** What a failed check of a new transfer's bucket tells the person who gave its settings. */
    static InvalidEndpointException ofValidation(S3Settings settings, SdkException e) {
        Optional<String> refused = refusal(e);
        if (refused.isPresent()) {
            return new InvalidEndpointException(refused.get());
        }
        if (e instanceof S3Exception s3) {
            String where = settings.describe();
            return new InvalidEndpointException(switch (s3.statusCode()) {
                case 301 -> where + " is in another region than '" + settings.region() + "': set 'region' to the bucket's";
                case 400 -> where + " refused the request (400): check 'region' and 'pathStyle'";
                case 401, 403 -> "the storage refused the keys for " + where + " (" + s3.statusCode()
                        + "): check 'accessKeyId' and 'secretAccessKey' and that they may use this bucket";
                case 404 -> "there is no " + where;
                default -> where + " answered " + s3.statusCode() + " when checked";
            });
        }
        return new InvalidEndpointException("cannot reach " + settings.describe() + ": " + e.getMessage());
    }
}
