package org.dtp.adapters.webdavdrive;

import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.testing.ApacheDav;
import org.dtp.webdav.testing.Radicale;

import java.util.Map;
import java.util.UUID;

/** Drives on the tests' Apache server: the adapter's parts as a node wires them, a new empty folder per account. */
final class Drives {
    private Drives() {
    }

    static DavClient client() {
        return DavClient.builder("WebDAV").outbound(Radicale.LOOPBACK).build();
    }

    static WebDavDriveConnector connector(int pageSize) {
        return new WebDavDriveConnector(client(), pageSize, 4);
    }

    /** A new empty folder on {@code server} as a user's endpoint settings name it. */
    static TransferEndpoint newFolder(ApacheDav server) throws Exception {
        String folder = "drive " + UUID.randomUUID();
        client().makeFolder(new DavAccount(server.url(), ApacheDav.USER, ApacheDav.PASSWORD),
                server.url().resolve(Drive.encode(folder) + "/"));
        return endpoint(server, folder);
    }

    static TransferEndpoint endpoint(ApacheDav server, String folder) {
        return new TransferEndpoint(WebDavMediaImporter.PROVIDER, Map.of(DavAccount.URL, server.url().toString(),
                DavAccount.USERNAME, ApacheDav.USER, DavAccount.PASSWORD, ApacheDav.PASSWORD, Drive.FOLDER, folder));
    }
}
