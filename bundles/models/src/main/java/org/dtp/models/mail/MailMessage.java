package org.dtp.models.mail;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.models.Schema;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Objects;

/**
 * A mail message. {@code raw} refers to the RFC 822 bytes, which are the message and are copied
 * untouched; the header fields here (from the Date header, with the sender's offset) only serve
 * display and de-duplication. {@code internalDate} is when the source received it; {@code size}
 * is the raw size in bytes, -1 when unknown.
 */
@Schema(name = "dtp.mail.message")
public record MailMessage(
        String id,
        MediaRef raw,
        String messageId,
        String subject,
        String from,
        List<String> to,
        OffsetDateTime date,
        MailFlags flags,
        List<String> labels,
        Instant internalDate,
        long size) implements ItemModel {

    public MailMessage {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(raw, "raw");
        to = to == null ? List.of() : List.copyOf(to);
        flags = flags == null ? new MailFlags(false, false, false, false, false, List.of()) : flags;
        labels = labels == null ? List.of() : List.copyOf(labels);
        if (size < -1) {
            throw new IllegalArgumentException("size must be -1 (unknown) or at least 0, was " + size);
        }
    }

    @Override
    @JsonIgnore
    public List<MediaRef> mediaRefs() {
        return List.of(raw);
    }
}
