package org.dtp.adapters.caldav;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.testing.Radicale;
import org.junit.Rule;

/** The SPI conformance kit on a CalDAV collection against a real Radicale, one per test, two items per page. */
abstract class CalDavConformanceTest<C extends ContainerModel, I extends ItemModel> extends AdapterConformanceTest<C, I> {
    @Rule
    public final Radicale radicale = new Radicale();

    @Override
    protected TransferEndpoint newAccount() {
        return new CalDavFixture(radicale, 2).endpoint();
    }

    static CalDavConnector connector() {
        return new CalDavConnector(org.dtp.webdav.testing.Radicale.client(), 2);
    }
}
