/**
 * The folder layout shared by the adapters that write media as files (a local folder, a WebDAV drive, object
 * storage): safe file names and their numbering on collision ({@link org.dtp.formats.folder.FileNames}), the file
 * extensions taken as photos and videos ({@link org.dtp.formats.folder.MediaTypes}) and the JSON sidecars of albums
 * and items ({@link org.dtp.formats.folder.MediaSidecars}). Moved from the local folder adapter, unchanged.
 */
@Export
@Version("1.0.0")
package org.dtp.formats.folder;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
