/**
 * The service provider interface adapters implement. An adapter bundle registers {@link org.dtp.spi.Exporter}
 * and {@link org.dtp.spi.Importer} services with the properties named in {@link org.dtp.spi.AdapterProperties};
 * the engine finds them dynamically, so adapters come and go at run time.
 * 1.1: {@link org.dtp.spi.ImportContext#reportNotKept} for the fidelity report; {@link org.dtp.spi.ExportPage#rejected()}
 * for source items that cannot be read. 1.2: {@link org.dtp.spi.Exporter#release} and {@link org.dtp.spi.Importer#release}
 * when a transfer ends, to revoke its credentials at the provider. 1.3: {@link org.dtp.spi.TransferContext#updateSettings},
 * to keep renewed credentials in the job. 1.4: {@link org.dtp.spi.TransferContext#operatorTransfer}. 1.5: fingerprints and the job's scratch. 1.6:
 * {@link org.dtp.spi.TransferContext#reportNotKept} on both sides, so an exporter reports what the model cannot carry;
 * {@link org.dtp.spi.Importer#concurrency}, how many items of a transfer an importer takes at once. 1.7:
 * {@link org.dtp.spi.Importer#updateItem} for items changed since an earlier transfer copied them,
 * {@link org.dtp.spi.ItemNotUpdatableException}, and {@code accountId} on both sides, which names the accounts whose
 * transfers remember what they copied; {@link org.dtp.spi.DestinationReader}, an importer reads back what it made,
 * to check a transfer's receipt;
 * {@link org.dtp.spi.BatchImporter}, an importer that stores several items of a page in one call; an exporter may be
 * asked for a transfer's next page while media of its current page are opened ({@link org.dtp.spi.Exporter#export}).
 * 1.8: {@link org.dtp.spi.TransferContext#changeToken} and {@link org.dtp.spi.TransferContext#recordChangeToken}, so
 * that an exporter lists only what changed at the source since the last transfer between the same two accounts;
 * {@link org.dtp.spi.TransferContext#upload}, a file the transfer's owner uploaded (an export archive).
 */
@Export
@Version("1.8.0")
package org.dtp.spi;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
