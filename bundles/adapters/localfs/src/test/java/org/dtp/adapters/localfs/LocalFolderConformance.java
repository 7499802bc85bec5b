package org.dtp.adapters.localfs;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.rules.TemporaryFolder;

import java.util.List;

/**
 * The SPI conformance kit on the local folder adapter, one subclass per vertical: each test gets a new folder as
 * its account; pages hold two items so that paging is exercised; writes are not synced (speed only).
 */
public abstract class LocalFolderConformance<C extends ContainerModel, I extends ItemModel> extends AdapterConformanceTest<C, I> {
    public static final LocalFolderSettings SETTINGS = new LocalFolderSettings(List.of(), 2, false);

    @Rule
    public final TemporaryFolder folders = new TemporaryFolder();

    @Override
    protected TransferEndpoint newAccount() throws Exception {
        return TestContexts.endpoint(folders.newFolder().toPath());
    }
}
