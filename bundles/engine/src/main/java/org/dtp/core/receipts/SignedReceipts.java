package org.dtp.core.receipts;

import org.dtp.core.store.JobStore;
import org.dtp.receipts.ReceiptCheck;
import org.dtp.receipts.Receipts;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.UUID;

/**
 * Receipts of ended transfers, signed with the server's current key: the payload ({@link ReceiptDocument}) goes to a
 * sealed temporary file first, then is signed and written from there ({@link CompactJws}), so a receipt of any size
 * costs a page of items in memory.
 */
@Component(service = Receipts.class)
public final class SignedReceipts implements Receipts {
    private final TransferService transfers;
    private final ReceiptSigningKeys keys;
    private final ReceiptDocument document;
    private final ReceiptSignatures signatures;

    @Activate
    public SignedReceipts(@Reference TransferService transfers, @Reference JobStore store, @Reference ReceiptSigningKeys keys) {
        this.transfers = transfers;
        this.keys = keys;
        this.document = new ReceiptDocument(transfers, store);
        this.signatures = new ReceiptSignatures(keys);
    }

    @Override
    public String keySet() {
        return keys.publicKeys().toString(true);
    }

    @Override
    public java.util.List<String> keyIds() {
        return keys.keyIds();
    }

    @Override
    public String currentKeyId() {
        return keys.currentKeyId();
    }

    @Override
    public String rotateKey() {
        return keys.rotate();
    }

    @Override
    public void write(UUID transfer, OutputStream out) throws NoSuchTransferException, IllegalJobStateException, IOException {
        TransferDetails details = transfers.details(transfer)
                .orElseThrow(() -> new NoSuchTransferException("there is no transfer " + transfer));
        if (!details.job().state().isFinal()) {
            throw new IllegalJobStateException("transfer " + transfer + " is " + details.job().state()
                    + "; its receipt is made when it has ended");
        }
        try (SealedTempFile payload = new SealedTempFile("dtp-receipt-")) {
            try (OutputStream o = payload.write()) {
                document.write(details, Instant.now(), o);
            }
            CompactJws.write(keys.current(), payload::read, out);
        }
    }

    @Override
    public ReceiptCheck check(String jws) {
        return signatures.check(jws);
    }
}
