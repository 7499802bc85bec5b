package org.dtp.notifications;

import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ItemError;
import org.dtp.transfer.JobState;
import org.dtp.transfer.SecretSettings;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferJob;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The text of the e-mails: what was created or ended, from where to where (settings masked), and what to do next.
 * Plain text, UTC times, nothing a secret setting holds.
 */
final class TransferMessages {
    /** Item errors and fields not kept listed in an e-mail; the rest is counted and in the transfer's details. */
    static final int LISTED = 10;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    record Mail(String subject, String body) {
    }

    private TransferMessages() {
    }

    static Mail created(TransferJob job, String cancelLink, Instant linkExpiry, String apiUrl) {
        String subject = "Transfer created: " + what(job);
        StringBuilder body = new StringBuilder();
        body.append("A transfer of your ").append(job.vertical().description()).append(" was created on ")
                .append(TIME.format(job.createdAt())).append(".\n\n");
        endpoints(body, job);
        body.append("Starts:      ").append(job.startsAt() == null ? "as soon as a worker is free"
                : TIME.format(job.startsAt())).append('\n');
        body.append("\nIf you did not ask for this transfer, or changed your mind, cancel it before it starts:\n")
                .append(cancelLink).append("\n(the link works until ").append(TIME.format(linkExpiry))
                .append("; it opens a page with a button to confirm.)\n");
        body.append("\nProgress and details: ").append(apiUrl).append('\n');
        body.append("Nothing is ever deleted at the source.\n");
        return new Mail(subject, body.toString());
    }

    /** The transfer paused because its destination is full: what, and what the owner can do. */
    static Mail waiting(TransferJob job, String apiUrl) {
        String subject = "Transfer paused, destination full: " + what(job);
        StringBuilder body = new StringBuilder();
        body.append("Your transfer of ").append(job.vertical().description()).append(" paused on ")
                .append(TIME.format(job.updatedAt())).append(" because its destination has no room left.\n\n");
        endpoints(body, job);
        body.append("Reason:      ").append(job.stateReason()).append('\n');
        body.append("Items:       ").append(job.items()).append(" copied so far\n");
        body.append("\nNothing is lost: it goes on from where it stopped when it tries again, or as soon as you make room\n"
                + "and resume it (POST ").append(apiUrl).append("/resume).\n");
        body.append("\nProgress and details: ").append(apiUrl).append('\n');
        return new Mail(subject, body.toString());
    }

    static Mail ended(TransferDetails details, String apiUrl) {
        TransferJob job = details.job();
        String subject = "Transfer " + stateWords(job.state()) + ": " + what(job);
        StringBuilder body = new StringBuilder();
        body.append("Your transfer of ").append(job.vertical().description()).append(" ended on ")
                .append(TIME.format(job.updatedAt())).append(": ").append(stateWords(job.state())).append(".\n\n");
        endpoints(body, job);
        if (job.syncId() != null) {
            body.append("Sync:        ").append(job.syncId())
                    .append(" (a scheduled run; the sync's next runs go on unless you pause or delete it)\n");
        }
        body.append("State:       ").append(job.state());
        if (job.stateReason() != null && !job.stateReason().isBlank()) {
            body.append(" (").append(job.stateReason()).append(')');
        }
        body.append('\n');
        body.append("Items:       ").append(job.items()).append(" copied\n");
        body.append("Bytes:       ").append(job.bytes()).append(" (").append(humanBytes(job.bytes())).append(")\n");
        body.append("Errors:      ").append(job.errors()).append(job.errors() == 1 ? " item" : " items").append(" could not be copied\n");
        List<ItemError> errors = details.errors();
        if (!errors.isEmpty()) {
            body.append("\nItems not copied").append(job.errors() > LISTED ? " (the first " + LISTED + "; all at " + apiUrl + "/errors)" : "")
                    .append(":\n");
            errors.stream().limit(LISTED).forEach(e -> body.append("- ").append(e.itemId()).append(": ").append(e.message()).append('\n'));
        }
        if (!details.fidelity().complete()) {
            body.append("\n").append(details.fidelity().total()).append(" fields were not kept whole")
                    .append(details.fidelity().total() > LISTED ? " (the first " + LISTED + "; all at " + apiUrl + "/fidelity)" : "")
                    .append(":\n");
            if (!details.fidelity().mostOften().isEmpty()) {
                body.append("Most often: ").append(details.fidelity().mostOften().stream().limit(LISTED)
                        .map(c -> c.field() + " (" + (c.side() == FieldNotKept.Side.SOURCE ? "as read, " : "") + c.count()
                                + (c.count() == 1 ? " item)" : " items)"))
                        .collect(Collectors.joining(", "))).append('\n');
            }
            details.fidelity().entries().stream().limit(LISTED).forEach((FieldNotKept f) -> body.append("- ")
                    .append(f.sourceId()).append(' ').append(f.field())
                    .append(f.side() == FieldNotKept.Side.SOURCE ? " (as read)" : "").append(": ").append(f.reason()).append('\n'));
        }
        body.append("\nDetails: ").append(apiUrl).append('\n');
        if (job.state() == JobState.CANCELLED || job.state() == JobState.FAILED) {
            body.append("What was copied before the end stays at the destination; nothing was deleted at the source.\n");
        } else {
            body.append("Nothing was deleted at the source.\n");
        }
        return new Mail(subject, body.toString());
    }

    private static String what(TransferJob job) {
        return job.vertical().description() + " from " + job.source().provider() + " to " + job.destination().provider();
    }

    private static void endpoints(StringBuilder body, TransferJob job) {
        body.append("From:        ").append(endpoint(job.source())).append('\n');
        body.append("To:          ").append(endpoint(job.destination())).append('\n');
        body.append("Transfer id: ").append(job.id()).append('\n');
    }

    static String endpoint(TransferEndpoint endpoint) {
        Map<String, String> masked = SecretSettings.mask(endpoint.settings());
        if (masked.isEmpty()) {
            return endpoint.provider();
        }
        return endpoint.provider() + " (" + masked.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ")) + ")";
    }

    static String stateWords(JobState state) {
        return switch (state) {
            case COMPLETED -> "completed";
            case COMPLETED_WITH_ERRORS -> "completed with errors";
            case FAILED -> "failed";
            case CANCELLED -> "cancelled";
            default -> state.name().toLowerCase(Locale.ROOT);
        };
    }

    static String humanBytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
