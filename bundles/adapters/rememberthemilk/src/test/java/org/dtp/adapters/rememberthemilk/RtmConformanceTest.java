package org.dtp.adapters.rememberthemilk;

import org.dtp.adapters.rememberthemilk.fake.FakeRtm;
import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.models.Vertical;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/**
 * The SPI conformance kit on the Remember The Milk adapter against the fake RTM: the fake holds one user, so each test
 * has an RTM of its own; two tasks per page.
 */
public class RtmConformanceTest extends AdapterConformanceTest<TaskList, Task> {
    private FakeRtm fake;

    @Before
    public void startFake() throws IOException {
        fake = FakeRtm.start();
    }

    @After
    public void stopFake() {
        fake.close();
    }

    @Override
    protected Vertical vertical() {
        return Vertical.TASKS;
    }

    @Override
    protected TransferEndpoint newAccount() {
        return new TransferEndpoint("rememberthemilk", Map.of(RtmConnector.AUTH_TOKEN, fake.token()));
    }

    /** RTM makes its own task ids and keeps no uid (the importer reports it not kept): samples are matched by title. */
    @Override
    protected String matchKey(Task task) {
        return task.title();
    }

    private RtmConnector connector() {
        return new RtmConnector(new RtmSettings(fake.apiKey(), fake.sharedSecret(), fake.restUri(), fake.authUri(), 10_000, 2,
                Duration.ofSeconds(10)), Clock.systemUTC());
    }

    @Override
    protected Exporter<TaskList, Task> newExporter() {
        return new RtmTaskExporter(connector());
    }

    @Override
    protected Importer<TaskList, Task> newImporter() {
        return new RtmTaskImporter(connector());
    }
}
