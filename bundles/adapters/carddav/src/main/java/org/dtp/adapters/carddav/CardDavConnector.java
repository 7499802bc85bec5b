package org.dtp.adapters.carddav;

import org.dtp.formats.vcard.VCardVersion;
import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.RateLimiter;
import org.dtp.spi.net.OutboundAddresses;
import org.dtp.webdav.CollectionPager;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.DavService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What the CardDAV exporter and importer share: one DAV client (one rate limiter) for all of this server's
 * CardDAV requests, and the limits. Reconfiguring it restarts both with the new settings.
 */
@Component(service = CardDavConnector.class, configurationPid = CardDavConfig.PID)
@Designate(ocd = CardDavConfig.class)
public final class CardDavConnector {
    private final DavClient client;
    private final CollectionPager pager;
    private final int maxPhotoBytes;
    private final VCardVersion version;

    @Activate
    public CardDavConnector(CardDavConfig config, @Reference OutboundAddresses outbound) {
        this(client(config, outbound), config.multigetBatchSize(), config.maxPhotoBytes(), versionOf(config.vcardVersion()));
    }

    CardDavConnector(DavClient client, int batchSize, int maxPhotoBytes, VCardVersion version) {
        this.client = client;
        this.pager = new CollectionPager(client, batchSize);
        this.maxPhotoBytes = maxPhotoBytes;
        this.version = version;
    }

    private static VCardVersion versionOf(String text) {
        return VCardVersion.of(text).orElseThrow(() -> new IllegalArgumentException("vcardVersion must be 3.0 or 4.0, was " + text));
    }

    VCardVersion version() {
        return version;
    }

    private static DavClient client(CardDavConfig c, OutboundAddresses outbound) {
        String store = c.trustStore() == null ? "" : c.trustStore().trim();
        return DavClient.builder("CardDAV")
                .rateLimiter(RateLimiter.perSecond(c.requestsPerSecond()))
                .requestTimeout(Duration.ofSeconds(Math.max(1, c.requestTimeoutSeconds())))
                .trustStore(store.isEmpty() ? null : Path.of(store), c.trustStoreType(), c.trustStorePassword().toCharArray())
                .outbound(outbound)
                .build();
    }

    DavClient client() {
        return client;
    }

    CollectionPager pager() {
        return pager;
    }

    int maxPhotoBytes() {
        return maxPhotoBytes;
    }

    DavAccount account(TransferEndpoint endpoint) throws InvalidEndpointException {
        return DavAccount.of(endpoint);
    }

    /** The account of the context's endpoint, for its transfer (an operators' one may be exempt from the address check). */
    DavAccount account(org.dtp.spi.TransferContext context) throws InvalidEndpointException {
        return DavAccount.of(context);
    }

    URI home(DavAccount account) throws AdapterException {
        return client.discoverHome(account, DavService.CARDDAV);
    }

    /** The absolute address of a path this adapter made an id of; only paths on the account's own server. */
    static URI at(DavAccount account, String path) throws AdapterException {
        if (path == null || !path.startsWith("/") || path.startsWith("//")) {
            throw new AdapterException("'" + path + "' is not a CardDAV path of this adapter");
        }
        try {
            return account.url().resolve(new URI(null, null, path, null));
        } catch (java.net.URISyntaxException e) {
            throw new AdapterException("'" + path + "' is not a CardDAV path: " + e.getMessage());
        }
    }
}
