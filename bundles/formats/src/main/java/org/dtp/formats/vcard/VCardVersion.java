package org.dtp.formats.vcard;

import java.util.Optional;

/** The vCard versions {@link VCardFormat} writes (it reads 2.1 as well). */
public enum VCardVersion {
    /** vCard 3.0 (RFC 2426), the version every CardDAV server must take (RFC 6352 §5.1). */
    V3_0("3.0"),
    /** vCard 4.0 (RFC 6350). */
    V4_0("4.0");

    private final String text;

    VCardVersion(String text) {
        this.text = text;
    }

    /** The version as a vCard's VERSION property writes it: {@code 3.0}, {@code 4.0}. */
    public String text() {
        return text;
    }

    /** The version that {@code text} ({@code 3.0} or {@code 4.0}, blanks around it aside) names; empty for any other. */
    public static Optional<VCardVersion> of(String text) {
        String trimmed = text == null ? "" : text.trim();
        for (VCardVersion v : values()) {
            if (v.text.equals(trimmed)) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }
}
