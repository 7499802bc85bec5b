/** Photos and videos with their albums. */
@Export
@Version("1.2.0")
package org.dtp.models.media;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
