package ${package};

import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.osgi.service.component.annotations.Component;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Imports ${vertical} into an example store. Ids come from the idempotency key, so a second call with the same key
 * (a retry, a resume after a crash) finds what the first made and creates nothing more. Media are streamed into
 * files, never held in memory; the item's model is written last, so an import cut off half-way leaves no item.
 */
@Component(
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=${provider}",
                AdapterProperties.PROVIDER_NAME + "=${providerName}",
                AdapterProperties.VERTICAL + "=${vertical}"})
public final class FolderImporter implements Importer<ContainerModel, ItemModel> {

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        FolderStore.of(destination);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, ContainerModel container, String parentId)
            throws AdapterException {
        // This store is flat: a sub-container becomes a container of its own (its name tells where it was).
        return FolderStore.of(context.endpoint()).putContainer(idempotencyKey, container);
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, ItemModel item, String containerId)
            throws AdapterException {
        if (containerId == null) {
            throw new ItemRejectedException("this store keeps items only in containers; " + item.id() + " has none");
        }
        FolderStore store = FolderStore.of(context.endpoint());
        String itemId = FolderStore.idOf(idempotencyKey);
        String destinationId = containerId + "/" + itemId;
        if (store.hasItem(containerId, itemId)) {
            return destinationId; // imported before
        }
        List<MediaRef> stored = new ArrayList<>();
        for (MediaRef ref : item.mediaRefs()) {
            int index = stored.size();
            try (InputStream in = context.openMedia(ref)) {
                long size = store.putMedia(containerId, itemId, index, in);
                stored.add(new MediaRef(FolderStore.mediaUri(containerId, itemId, index), ref.contentType(), size, ref.md5()));
            } catch (IOException e) {
                throw new TransientAdapterException("copying the media of " + item.id() + " failed: " + e.getMessage(), e);
            }
        }
        List<MediaRef> sources = item.mediaRefs();
        store.putItem(containerId, itemId, Models.withMedia(item, ref -> stored.get(sources.indexOf(ref))));
        return destinationId;
    }
}
