package org.dtp.notifications;

import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.JobState;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Response;
import java.util.Optional;
import java.util.UUID;

/**
 * The cancel links of notification e-mails. The signed token in the path is the credential (the API's
 * authentication filter lets this path through). GET only shows what the transfer is and a button, because mail
 * scanners and link previews follow links; POST cancels. A bad, forged or expired token and an unknown transfer
 * all get the same 404 page.
 */
@Component(service = CancellationResource.class)
@JaxrsResource
@Path("/api/v1/cancellations/{token}")
@Produces(CancellationPages.HTML)
public final class CancellationResource {
    private static final Logger LOG = LoggerFactory.getLogger(CancellationResource.class);

    private final TransferService transfers;
    private final CancelLinks links;

    @Activate
    public CancellationResource(@Reference TransferService transfers, @Reference CancelLinks links) {
        this.transfers = transfers;
        this.links = links;
    }

    @GET
    public Response confirm(@PathParam("token") String token) {
        Optional<TransferDetails> details = transferOf(token);
        if (details.isEmpty()) {
            return CancellationPages.invalid();
        }
        TransferJob job = details.get().job();
        if (job.state().isFinal()) {
            return CancellationPages.ended(job, false);
        }
        if (started(details.get())) {
            return CancellationPages.started(job, false);
        }
        return CancellationPages.confirm(job);
    }

    @POST
    public Response cancel(@PathParam("token") String token) {
        Optional<TransferDetails> details = transferOf(token);
        if (details.isEmpty()) {
            return CancellationPages.invalid();
        }
        TransferJob job = details.get().job();
        if (job.state().isFinal()) {
            return CancellationPages.ended(job, true);
        }
        if (started(details.get())) {
            return CancellationPages.started(job, true);
        }
        try {
            TransferJob cancelled = transfers.cancel(job.id());
            LOG.info("transfer {} of {} cancelled by its notification link", job.id(), job.owner());
            return CancellationPages.cancelled(cancelled);
        } catch (NoSuchTransferException e) {
            return CancellationPages.invalid();
        } catch (IllegalJobStateException e) {
            // It ended (or was cancelled) between the check and the cancel.
            return CancellationPages.ended(transfers.details(job.id()).map(TransferDetails::job).orElse(job), true);
        }
    }

    private Optional<TransferDetails> transferOf(String token) {
        Optional<UUID> id = links.verify(token);
        return id.isEmpty() ? Optional.empty() : transfers.details(id.get());
    }

    /** Whether a worker has run it: the link cancels transfers before they start, as the e-mail says. */
    private static boolean started(TransferDetails details) {
        return details.job().state() == JobState.RUNNING
                || details.history().stream().anyMatch(change -> change.to() == JobState.RUNNING);
    }
}
