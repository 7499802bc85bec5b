package org.dtp.core.engine;

import java.util.Locale;

/**
 * What a transfer does with a source item that changed since an earlier transfer between the same accounts copied
 * it: the engine's setting {@code changedItems}.
 */
enum ChangedItems {
    /** Update the copy in place ({@link org.dtp.spi.Importer#updateItem}); copy anew where the destination cannot. */
    UPDATE,
    /** Copy the item anew; the earlier copy stays. */
    COPY,
    /** Leave the earlier copy as it is; the fidelity report says the item changed. */
    SKIP;

    static ChangedItems of(String setting) {
        try {
            return valueOf(setting.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("changedItems must be update, copy or skip, not " + setting, e);
        }
    }
}
