package ${package};

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.Vertical;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.rules.TemporaryFolder;

import java.util.Map;

/**
 * The SPI's contract on this adapter (dtp's conformance kit): paging, reproducible pages, idempotent import,
 * per-item errors, streaming of large media, cancellation and a round trip of the kit's ${vertical} samples. Each
 * test gets a new, empty folder as its account; pages hold two items so that paging is exercised.
 */
public class FolderAdapterConformanceTest extends AdapterConformanceTest<ContainerModel, ItemModel> {
    @Rule
    public final TemporaryFolder folders = new TemporaryFolder();

    @Override
    protected Vertical vertical() {
        return Vertical.${vertical};
    }

    @Override
    protected TransferEndpoint newAccount() throws Exception {
        return new TransferEndpoint("${provider}", Map.of(FolderStore.FOLDER, folders.newFolder().getPath()));
    }

    @Override
    protected Exporter<ContainerModel, ItemModel> newExporter() {
        return new FolderExporter(2);
    }

    @Override
    protected Importer<ContainerModel, ItemModel> newImporter() {
        return new FolderImporter();
    }
}
