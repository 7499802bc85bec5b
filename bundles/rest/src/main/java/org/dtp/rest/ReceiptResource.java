package org.dtp.rest;

import org.dtp.receipts.Receipts;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.GET;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import javax.ws.rs.core.StreamingOutput;
import java.io.IOException;

/**
 * The signed receipt of an ended transfer, as a download: a JWS in compact serialization ({@code application/jose}),
 * streamed. 404 for an unknown id or another user's transfer, 409 while the transfer has not ended.
 */
@Component(service = ReceiptResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@javax.ws.rs.Path("/api/v1/transfers/{id}/receipt")
public final class ReceiptResource {
    static final String JOSE = "application/jose";

    private final TransferService transfers;
    private final Receipts receipts;

    @Activate
    public ReceiptResource(@Reference TransferService transfers, @Reference Receipts receipts) {
        this.transfers = transfers;
        this.receipts = receipts;
    }

    @GET
    @Produces(JOSE)
    public Response get(@Context SecurityContext security, @PathParam("id") String id) {
        TransferJob job = VisibleTransfers.require(transfers, ApiCaller.of(security), id);
        if (!job.state().isFinal()) {
            // Checked before the body starts: an ended transfer stays ended, so the stream below will not meet it.
            throw ApiProblem.illegalState("Transfer " + id + " is " + job.state() + "; its receipt is made when it has ended.");
        }
        StreamingOutput body = out -> {
            try {
                receipts.write(job.id(), out);
            } catch (NoSuchTransferException | IllegalJobStateException e) {
                throw new IOException("transfer " + job.id() + " went away while its receipt was written", e);
            }
        };
        return Response.ok(body, JOSE).header(HttpHeaders.CONTENT_DISPOSITION,
                "attachment; filename=\"dtp-receipt-" + job.id() + ".jws\"").build();
    }
}
