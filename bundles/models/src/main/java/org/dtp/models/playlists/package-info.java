/** Playlists and their tracks. */
@Export
@Version("1.0.0")
package org.dtp.models.playlists;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
