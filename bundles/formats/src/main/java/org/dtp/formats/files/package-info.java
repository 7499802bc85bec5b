/**
 * The folder layout's names shared by the adapters that keep a person's data as files (a local folder, object
 * storage, a WebDAV drive): safe and numbered file names ({@link FileNames}), the extensions that are photos and
 * videos and the name an item is stored under ({@link MediaTypes}).
 */
@Export
@Version("1.0.0")
package org.dtp.formats.files;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
