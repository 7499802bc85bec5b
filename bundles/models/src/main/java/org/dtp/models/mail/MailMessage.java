package org.dtp.models.mail;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.models.Schema;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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

    /** When it was sent (its Date header), else when the source received it. */
    @Override
    @JsonIgnore
    public Optional<Instant> selectionInstant() {
        return date != null ? Optional.of(date.toInstant()) : Optional.ofNullable(internalDate);
    }

    /** An empty {@link Builder}: every component unset (null, or its documented default). */
    public static Builder builder() {
        return new Builder();
    }

    /** A {@link Builder} holding this MailMessage's components, to build a copy with some of them changed. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@link MailMessage} by naming its components, one setter per component, so that a
     * caller sets only what it has instead of passing a run of nulls to the canonical constructor.
     * Adding a component to this record then means adding a setter here: existing callers compile and
     * behave as before, which is a minor version of this package rather than a major one.
     * {@link #build()} calls the canonical constructor, so its checks apply and a list or map left
     * unset (or set to null) becomes empty there, exactly as when null is passed to the constructor.
     * {@code size} starts at -1, unknown.
     */
    public static final class Builder {
        private String id;
        private MediaRef raw;
        private String messageId;
        private String subject;
        private String from;
        private List<String> to;
        private OffsetDateTime date;
        private MailFlags flags;
        private List<String> labels;
        private Instant internalDate;
        private long size = -1;

        private Builder() {
        }

        private Builder(MailMessage source) {
            id = source.id;
            raw = source.raw;
            messageId = source.messageId;
            subject = source.subject;
            from = source.from;
            to = source.to;
            date = source.date;
            flags = source.flags;
            labels = source.labels;
            internalDate = source.internalDate;
            size = source.size;
        }

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder raw(MediaRef raw) {
            this.raw = raw;
            return this;
        }

        public Builder messageId(String messageId) {
            this.messageId = messageId;
            return this;
        }

        public Builder subject(String subject) {
            this.subject = subject;
            return this;
        }

        public Builder from(String from) {
            this.from = from;
            return this;
        }

        public Builder to(List<String> to) {
            this.to = to;
            return this;
        }

        public Builder date(OffsetDateTime date) {
            this.date = date;
            return this;
        }

        public Builder flags(MailFlags flags) {
            this.flags = flags;
            return this;
        }

        public Builder labels(List<String> labels) {
            this.labels = labels;
            return this;
        }

        public Builder internalDate(Instant internalDate) {
            this.internalDate = internalDate;
            return this;
        }

        public Builder size(long size) {
            this.size = size;
            return this;
        }

        /** The MailMessage; throws as the canonical constructor does when the components break its rules. */
        public MailMessage build() {
            return new MailMessage(id, raw, messageId, subject, from, to, date, flags, labels, internalDate,
                    size);
        }
    }
}
