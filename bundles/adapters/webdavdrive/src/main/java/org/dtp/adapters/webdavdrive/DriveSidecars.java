package org.dtp.adapters.webdavdrive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.models.ModelJson;
import org.dtp.spi.AdapterException;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.DavResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * The folder layout's JSON sidecars ({@link org.dtp.formats.folder.MediaSidecars}) on a drive: written once beside
 * what an import made, read back by an export. Written and read with the models' mapper, as the local folder does.
 */
final class DriveSidecars {
    private static final Logger LOG = LoggerFactory.getLogger(DriveSidecars.class);
    private static final String JSON = "application/json";

    private final DavClient client;
    private final ObjectMapper mapper = ModelJson.newObjectMapper();

    DriveSidecars(DavClient client) {
        this.client = client;
    }

    /** PUTs {@code sidecar} to {@code href} unless something is there already (an earlier attempt's, the same). */
    void write(DavAccount account, URI href, Object sidecar) throws AdapterException {
        byte[] json;
        try {
            json = mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(sidecar);
        } catch (IOException e) {
            throw new UncheckedIOException("a sidecar record is always JSON", e);
        }
        client.putNew(account, href, new ByteArrayInputStream(json), json.length, JSON, Map.of());
    }

    /** The sidecar of {@code format} at {@code href}; empty when there is none or it is not one of ours (logged). */
    <T> Optional<T> read(DavAccount account, URI href, Class<T> type, String format) throws AdapterException {
        Optional<DavResource> found = client.get(account, href);
        if (found.isEmpty() || found.get().data() == null) {
            return Optional.empty();
        }
        try {
            JsonNode tree = mapper.readTree(found.get().data());
            if (tree == null || !format.equals(tree.path("format").asText())) {
                LOG.debug("ignoring {}: not a {} sidecar", href.getPath(), format);
                return Optional.empty();
            }
            return Optional.of(mapper.treeToValue(tree, type));
        } catch (IOException | IllegalArgumentException e) {
            LOG.debug("ignoring unreadable sidecar {}: {}", href.getPath(), e.toString());
            return Optional.empty();
        }
    }
}
