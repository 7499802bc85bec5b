package ${package};

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.models.Vertical;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.metatype.annotations.Designate;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Exports the ${vertical} of an example store: the root page lists every container, each container's pages list
 * its items in id order. The continuation is the last id of a page, so the same cursor always gives the same page
 * (a transfer resumed from a checkpoint neither skips nor repeats items), even when items are added meanwhile.
 */
@Component(
        service = Exporter.class,
        configurationPid = AdapterConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=${provider}",
                AdapterProperties.PROVIDER_NAME + "=${providerName}",
                AdapterProperties.VERTICAL + "=${vertical}"})
@Designate(ocd = AdapterConfig.class)
public final class FolderExporter implements Exporter<ContainerModel, ItemModel> {
    static final Vertical VERTICAL = Vertical.${vertical};

    private final int pageSize;

    @Activate
    public FolderExporter(AdapterConfig config) {
        this(config.pageSize());
    }

    FolderExporter(int pageSize) {
        if (pageSize < 1 || pageSize > 1000) {
            throw new IllegalArgumentException("pageSize must be 1 to 1000, was " + pageSize);
        }
        this.pageSize = pageSize;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        FolderStore.of(source);
    }

    @Override
    public ExportPage<ContainerModel, ItemModel> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        FolderStore store = FolderStore.of(context.endpoint());
        if (cursor.isRoot()) {
            List<ContainerModel> containers = new ArrayList<>();
            for (String id : store.containerIds()) {
                containers.add(Models.withId(store.container(id, VERTICAL.containerType()), id));
            }
            return new ExportPage<>(containers, List.of(), null);
        }
        String containerId = cursor.containerId();
        List<String> ids = store.itemIds(containerId, cursor.continuation(), pageSize + 1);
        boolean more = ids.size() > pageSize;
        List<String> page = more ? ids.subList(0, pageSize) : ids;
        List<ItemModel> items = new ArrayList<>();
        List<ExportPage.Rejected> unreadable = new ArrayList<>();
        for (String itemId : page) {
            try {
                items.add(Models.withId(store.item(containerId, itemId, VERTICAL.itemType()), containerId + "/" + itemId));
            } catch (org.dtp.spi.ItemRejectedException e) {
                unreadable.add(new ExportPage.Rejected(containerId + "/" + itemId, e.getMessage()));
            }
        }
        return new ExportPage<>(List.of(), items, more ? page.get(page.size() - 1) : null, unreadable);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        return FolderStore.of(context.endpoint()).openMedia(ref.uri());
    }
}
