package org.dtp.adapters.webdavdrive;

import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.DavEntry;

import java.util.Optional;

/** Checks a drive's settings when a transfer is created: well formed, then the folder there and readable. */
final class DriveValidation {
    private DriveValidation() {
    }

    static void check(DavClient client, TransferEndpoint endpoint) throws InvalidEndpointException {
        Drive drive = Drive.of(endpoint);
        Optional<DavEntry> folder;
        try {
            folder = client.entry(drive.account(), drive.root());
        } catch (InvalidEndpointException e) {
            throw e;
        } catch (AuthorizationRefusedException e) {
            throw new InvalidEndpointException("the WebDAV server refused user '" + drive.account().username()
                    + "' with this password (where the drive has them, e.g. Nextcloud or Koofr, give an app password): "
                    + e.getMessage());
        } catch (AdapterException e) {
            throw new InvalidEndpointException("the WebDAV folder " + drive.root() + " could not be read: " + e.getMessage());
        }
        if (folder.isEmpty()) {
            throw new InvalidEndpointException("there is no folder " + drive.root().getPath() + " on the WebDAV server "
                    + drive.root().getHost() + ": create it, or give the '" + Drive.FOLDER + "' that exists");
        }
        if (!folder.get().collection()) {
            throw new InvalidEndpointException(drive.root().getPath() + " on the WebDAV server is a file, not a folder");
        }
    }
}
