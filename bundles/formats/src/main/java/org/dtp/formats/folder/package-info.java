/**
 * The folder layout shared by the adapters that write media as files (a local folder, a WebDAV drive, object
 * storage): safe file names and their numbering on collision ({@link org.dtp.formats.folder.FileNames}), the file
 * extensions taken as photos and videos ({@link org.dtp.formats.folder.MediaTypes}) and the JSON sidecars of albums
 * and items ({@link org.dtp.formats.folder.MediaSidecars}). Moved from the local folder adapter, unchanged.
 * <p>Since 1.1: the address books, calendars and task lists of that layout on any store that can list a folder, read
 * a file and put one ({@link org.dtp.formats.folder.FileTree}): {@link org.dtp.formats.folder.FolderContacts},
 * {@link org.dtp.formats.folder.FolderCalendars}, {@link org.dtp.formats.folder.FolderTasks}.
 */
@Export
@Version("1.1.0")
package org.dtp.formats.folder;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
