/** Social feeds and their posts. */
@Export
@Version("1.2.0")
package org.dtp.models.social;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
