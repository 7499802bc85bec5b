package org.dtp.adapters.webdavdrive;

import org.dtp.spi.http.RateLimiter;
import org.dtp.spi.net.OutboundAddresses;
import org.dtp.webdav.DavClient;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What the WebDAV drive exporter and importer share: one DAV client (one connection pool, one rate limiter) for all of
 * this server's requests to drives, and the limits. Reconfiguring it restarts both with the new settings.
 */
@Component(service = WebDavDriveConnector.class, configurationPid = WebDavDriveConfig.PID)
@Designate(ocd = WebDavDriveConfig.class)
public final class WebDavDriveConnector {
    private final DavClient client;
    private final int pageSize;
    private final int filesAtOnce;

    @Activate
    public WebDavDriveConnector(WebDavDriveConfig config, @Reference OutboundAddresses outbound) {
        this(client(config, outbound), config.pageSize(), config.filesAtOnce());
    }

    public WebDavDriveConnector(DavClient client, int pageSize, int filesAtOnce) {
        if (pageSize < 1 || filesAtOnce < 1) {
            throw new IllegalArgumentException("pageSize and filesAtOnce must be at least 1");
        }
        this.client = client;
        this.pageSize = pageSize;
        this.filesAtOnce = filesAtOnce;
    }

    private static DavClient client(WebDavDriveConfig c, OutboundAddresses outbound) {
        String store = c.trustStore() == null ? "" : c.trustStore().trim();
        return DavClient.builder("WebDAV")
                .rateLimiter(c.requestsPerSecond() > 0 ? RateLimiter.perSecond(c.requestsPerSecond()) : RateLimiter.unlimited())
                .requestTimeout(Duration.ofSeconds(Math.max(1, c.requestTimeoutSeconds())))
                .trustStore(store.isEmpty() ? null : Path.of(store), c.trustStoreType(), c.trustStorePassword().toCharArray())
                .outbound(outbound)
                .build();
    }

    DavClient client() {
        return client;
    }

    int pageSize() {
        return pageSize;
    }

    int filesAtOnce() {
        return filesAtOnce;
    }
}
