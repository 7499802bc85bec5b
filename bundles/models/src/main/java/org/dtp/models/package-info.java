/**
 * Canonical data models shared by every adapter: the common base types, {@link org.dtp.models.Vertical}
 * and the JSON codec. Each vertical's models live in a sub-package.
 */
@Export
@Version("1.2.0")
package org.dtp.models;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
