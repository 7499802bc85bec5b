package org.dtp.core.receipts;

import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.registry.AdapterService;
import org.dtp.receipts.DestinationVerification;
import org.dtp.receipts.ItemCheck;
import org.dtp.receipts.VerificationException;
import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationItem;
import org.dtp.spi.DestinationReader;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.JobScratch;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.ReportPage;
import org.dtp.transfer.SecretSettings;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.TransferService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Reads a page of an ended transfer's items back from its destination with the importer's {@link DestinationReader},
 * on the calling thread, and compares each with its item record.
 */
@Component(service = DestinationVerification.class)
public final class DestinationChecks implements DestinationVerification {
    /** How long one page of reads may take: an adapter bounds its connects and reads by it. */
    static final Duration PAGE_DEADLINE = Duration.ofMinutes(2);

    private final TransferService transfers;
    private final AdapterRegistry registry;

    @Activate
    public DestinationChecks(@Reference TransferService transfers, @Reference AdapterRegistry registry) {
        this.transfers = transfers;
        this.registry = registry;
    }

    @Override
    public ReportPage<ItemCheck> verify(UUID transfer, Map<String, String> secretSettings, int offset, int limit)
            throws NoSuchTransferException, IllegalJobStateException, VerificationException {
        if (offset < 0 || limit < 1 || limit > MAX_PAGE) {
            throw new IllegalArgumentException("offset must be at least 0 and limit 1 to " + MAX_PAGE + ", were " + offset + ", " + limit);
        }
        TransferJob job = transfers.job(transfer).orElseThrow(() -> new NoSuchTransferException("there is no transfer " + transfer));
        if (!job.state().isFinal()) {
            throw new IllegalJobStateException("transfer " + transfer + " is " + job.state() + "; it can be verified when it has ended");
        }
        for (String name : secretSettings.keySet()) {
            if (!SecretSettings.isSecret(name)) {
                throw new VerificationException("'" + name + "' is not a secret setting: a verification reads the destination "
                        + "the transfer wrote to, and takes only the secret settings an ended transfer no longer keeps");
            }
        }
        TransferEndpoint destination = job.destination().withSettings(secretSettings);
        DestinationReader reader = reader(job, destination);
        ReportPage<ItemRecord> records = transfers.items(transfer, offset, limit)
                .orElseThrow(() -> new NoSuchTransferException("there is no transfer " + transfer));
        ReadContext context = new ReadContext(job, destination, Instant.now().plus(PAGE_DEADLINE));
        List<ItemCheck> checks = new ArrayList<>();
        for (ItemRecord record : records.entries()) {
            checks.add(check(reader, context, record));
        }
        return new ReportPage<>(records.total(), offset, limit, checks);
    }

    private DestinationReader reader(TransferJob job, TransferEndpoint destination) throws VerificationException {
        String provider = destination.provider();
        Importer<?, ?> importer = registry.importer(provider, job.vertical()).map(AdapterService::service)
                .orElseThrow(() -> new VerificationException("no adapter of '" + provider + "' that imports "
                        + job.vertical() + " is installed (or it is revoked), so its destination cannot be read"));
        if (!(importer instanceof DestinationReader reader)) {
            throw new VerificationException("the adapter of '" + provider + "' cannot read back the " + job.vertical()
                    + " it imported, so its destination cannot be verified");
        }
        try {
            importer.validate(destination);
        } catch (InvalidEndpointException e) {
            throw new VerificationException("the destination's settings are refused: " + e.getMessage(), e);
        }
        return reader;
    }

    private static ItemCheck check(DestinationReader reader, ReadContext context, ItemRecord record) {
        Optional<DestinationItem> found;
        try {
            found = reader.find(context, record.destinationId());
        } catch (AdapterException | RuntimeException e) {
            return checked(record, ItemCheck.Status.NOT_CHECKABLE, "reading it back failed: " + e.getMessage());
        }
        if (found.isEmpty()) {
            return checked(record, ItemCheck.Status.MISSING, "the destination has nothing under this id");
        }
        String sha256 = found.get().mediaSha256();
        if (record.mediaSha256() == null || sha256 == null) {
            return checked(record, ItemCheck.Status.PRESENT, record.mediaSha256() == null
                    ? "present; the receipt has no media fingerprint of it to compare"
                    : "present; the destination serves back no bytes to compare with the receipt's media fingerprint");
        }
        if (sha256.equalsIgnoreCase(record.mediaSha256())) {
            return checked(record, ItemCheck.Status.SAME, "media SHA-256 " + sha256 + " as in the receipt");
        }
        return checked(record, ItemCheck.Status.CHANGED, "media SHA-256 is " + sha256 + " at the destination, "
                + record.mediaSha256() + " in the receipt");
    }

    private static ItemCheck checked(ItemRecord record, ItemCheck.Status status, String detail) {
        return new ItemCheck(record.sourceId(), record.destinationId(), status, detail);
    }

    /**
     * The ended transfer's destination side, for reads only: its id (importers that name what they made after the job
     * find it by it), its settings with the secrets given for the check, kept for the check only.
     */
    private static final class ReadContext implements TransferContext {
        private final JobScratch scratch = JobScratch.inMemory();
        private final UUID id;
        private final boolean operator;
        private final Instant deadline;
        private volatile TransferEndpoint endpoint;

        ReadContext(TransferJob job, TransferEndpoint endpoint, Instant deadline) {
            this.id = job.id();
            this.operator = job.ownedBy(TransferRequest.OPERATOR);
            this.endpoint = endpoint;
            this.deadline = deadline;
        }

        @Override
        public UUID jobId() {
            return id;
        }

        @Override
        public JobScratch scratch() {
            return scratch;
        }

        @Override
        public TransferEndpoint endpoint() {
            return endpoint;
        }

        @Override
        public void updateSettings(Map<String, String> changes) {
            endpoint = endpoint.withSettings(changes);
        }

        @Override
        public boolean operatorTransfer() {
            return operator;
        }

        @Override
        public Optional<Instant> deadline() {
            return Optional.of(deadline);
        }

        /** Reading back reports nothing: the transfer's fidelity report is complete. */
        @Override
        public void reportNotKept(String sourceId, String field, String reason) {
        }
    }
}
