package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.dtp.transfer.MappingService;

@Command(scope = "dtp", name = "mapping-delete", description = "Deletes a mapping: the next transfer between its "
        + "accounts copies everything again; nothing at either side changes")
@Service
public class MappingDeleteCommand implements Action {

    @Reference
    MappingService mappings;

    @Argument(index = 0, name = "id", required = true, description = "The mapping's id, as dtp:mappings shows it")
    String id;

    @Override
    public Object execute() throws Exception {
        if (!mappings.delete(id)) {
            throw new CommandException("There is no mapping with id '" + id + "' (see dtp:mappings)");
        }
        System.out.println("Mapping " + id + " deleted");
        return null;
    }
}
