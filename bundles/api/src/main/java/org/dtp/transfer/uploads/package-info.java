/**
 * Files that people upload to the server for their transfers to read, such as the parts of a Google Takeout archive:
 * kept per owner, for a limited time, and readable only by that owner's transfers ({@link
 * org.dtp.spi.TransferContext#upload}). Implemented by the uploads bundle; used by the REST API and the engine.
 */
@Export
@Version("1.0.0")
package org.dtp.transfer.uploads;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
