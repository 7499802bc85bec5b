package org.dtp.adapters.google;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;

import java.io.IOException;

/**
 * The SPI conformance kit on one vertical of the Google adapter, against a new fake Google per test (one user),
 * pages of two.
 */
public abstract class GoogleConformanceTest<C extends ContainerModel, I extends ItemModel> extends AdapterConformanceTest<C, I> {
    protected Fixture f;

    @Before
    public void startFake() throws IOException {
        f = new Fixture(2);
    }

    @After
    public void stopFake() {
        f.close();
    }

    @Override
    protected TransferEndpoint newAccount() {
        return f.endpoint();
    }
}
