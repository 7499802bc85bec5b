/**
 * The folder layout shared by the adapters that write media as files (a local folder, a WebDAV drive, object
 * storage): safe file names and their numbering on collision ({@link org.dtp.formats.folder.FileNames}), the file
 * extensions taken as photos and videos ({@link org.dtp.formats.folder.MediaTypes}) and the JSON sidecars of albums
 * and items ({@link org.dtp.formats.folder.MediaSidecars}). Moved from the local folder adapter, unchanged.
 * <p>Since 1.1: the address books, calendars and task lists of that layout on any store that can list a folder, read
 * a file and put one ({@link org.dtp.formats.folder.FileTree}): {@link org.dtp.formats.folder.FolderContacts},
 * {@link org.dtp.formats.folder.FolderCalendars}, {@link org.dtp.formats.folder.FolderTasks}; mail
 * ({@link org.dtp.formats.folder.FolderMail}), mbox files among it read a page at a time with a ranged read
 * ({@link org.dtp.formats.folder.FileTree#open(String, long)}) and as the local folder adapter names and indexes them
 * ({@link org.dtp.formats.folder.MboxFolders}, {@link org.dtp.formats.folder.MboxIndexReader}, moved from it); a
 * large mail folder read a page at a time without listing all of it again for each page
 * ({@link org.dtp.formats.folder.FileTree#listFilesAfter}).
 */
@Export
@Version("1.1.0")
package org.dtp.formats.folder;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
