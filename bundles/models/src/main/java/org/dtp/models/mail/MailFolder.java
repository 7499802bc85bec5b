package org.dtp.models.mail;

import org.dtp.models.ContainerModel;
import org.dtp.models.Schema;

import java.util.Objects;

/**
 * A mail folder (or a label a provider shows as one). {@code fullPath} is the whole hierarchy name
 * as the source writes it, {@code delimiter} the separator in it (null for a flat namespace).
 * {@code specialUse} is null for an ordinary folder; {@code specialUseText} holds the source's
 * attribute when it is OTHER, and only then.
 */
@Schema(name = "dtp.mail.folder")
public record MailFolder(
        String id,
        String name,
        String fullPath,
        String delimiter,
        SpecialUse specialUse,
        String specialUseText) implements ContainerModel {

    public MailFolder {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        if ((specialUse == SpecialUse.OTHER) != (specialUseText != null)) {
            throw new IllegalArgumentException("specialUseText is set exactly when specialUse is OTHER");
        }
    }
}
