# tests/bench/yosys_board.py: what the bench scripts that synthesize one
# library module with a board's flow share (sram_pf_cost.py,
# ram_read_cost.py): the board file's Yosys script, and a module's cell
# counts from `stat -json`.
import json, re

def board_script(path):
    """The board file's `yosys` lines ({top} -> top, {huge} dropped) and
    its `force_bram` line: (force, [commands])."""
    ys, force = [], ''
    for line in open(path):
        w = line.split(None, 1)
        if len(w) == 2 and w[0] == 'yosys':
            ys.append(w[1].strip().replace('{top}', 'top').replace('{huge}', ''))
        elif len(w) == 2 and w[0] == 'force_bram':
            force = w[1].strip()
    return force, ys

def module_cell_counts(stat, suffix):
    """num_cells_by_type of the first module whose name ends with
    `suffix` in a stat -json file, or None."""
    # Yosys 0.23's stat -json may append a plain-text hierarchy list
    # after the modules: keep the JSON objects only
    text = open(stat).read()
    m = re.search(r'\n   },\n\s+\$paramod', text)
    if m:
        text = text[:m.start()] + '\n   },\n' + text[text.index('      "design"'):]
    for name, mod in json.loads(text)['modules'].items():
        if name.endswith(suffix):
            return mod['num_cells_by_type']
    return None
