"""The VM's stand-in board behaves like CircuitPython: displayio objects cost
what the C objects cost, every refusal fires, the clock wraps, keypad and
NVM allocate where the C code does.

Each group of checks is one VM script; the tests read its output.
"""

import textwrap

import pytest

import vm

pytestmark = pytest.mark.vm

PREAMBLE = """
import board, displayio, keypad, microcontroller, supervisor, time, vmctl, vmheap
P2 = displayio.Palette(2)
CARDS = displayio.Bitmap(144, 198, 16)  # the small sheet: 81 card tiles, 1188 font tiles
SMALL = displayio.Bitmap(32, 32, 2)  # 4 tiles of 16 x 16
WIDE = displayio.Bitmap(320, 1, 2)  # 320 tiles of 1 x 1

def grid(bitmap=SMALL, **kwargs):
    kwargs.setdefault("tile_width", 16)
    kwargs.setdefault("tile_height", 16)
    return displayio.TileGrid(bitmap, pixel_shader=P2, **kwargs)
"""

# name: (exception type, part of its message, statements that must raise it)
REFUSALS = {
    "scale product over 127": ("Misdrawn", "multiply to 128",
                               "g = displayio.Group(scale=16); h = displayio.Group(scale=8);"
                               " h.append(grid()); g.append(h)"),
    "one scale over 127": ("Misdrawn", "multiply to 160",
                           "displayio.Group(scale=160).append(grid())"),
    "scale raised past 127": ("Misdrawn", "multiply to 200",
                              "g = displayio.Group(scale=2); g.append(grid()); g.scale = 200"),
    "scale 0 made": ("ValueError", "scale must be 1-32767", "displayio.Group(scale=0)"),
    "scale 0 set": ("ValueError", "scale must be >= 1", "displayio.Group().scale = 0"),
    "group x outside int16": ("Misdrawn", "outside int16", "displayio.Group(x=40000)"),
    "tilegrid y outside int16": ("Misdrawn", "outside int16", "grid().y = -40000"),
    "layer in two groups": ("ValueError", "Layer already in a group",
                            "t = grid(); displayio.Group().append(t); displayio.Group().append(t)"),
    "not a layer": ("ValueError", "Layer must be a Group or TileGrid",
                    "displayio.Group().append(P2)"),
    "tile over 255": ("ValueError", "tile must be 0-255",
                      "grid(WIDE, tile_width=1, tile_height=1)[0] = 300"),
    "tile beyond the bitmap": ("ValueError", "Tile index out of bounds", "grid()[0] = 4"),
    "default tile beyond the bitmap": ("ValueError", "default_tile must be 0-3",
                                       "grid(default_tile=4)"),
    "tile width not dividing": ("ValueError", "Tile width must exactly divide",
                                "grid(tile_width=10)"),
    "tile height not dividing": ("ValueError", "Tile height must exactly divide",
                                 "grid(tile_height=10)"),
    "grid position outside": ("IndexError", "Tile index out of bounds", "grid(width=2)[2, 0] = 1"),
    "grid index negative": ("IndexError", "Tile index out of bounds", "grid()[-1]"),
    "grid slice": ("NotImplementedError", "Slices not supported", "grid(width=2)[0:1]"),
    "not a bitmap": ("TypeError", "unsupported bitmap type",
                     "displayio.TileGrid(P2, pixel_shader=P2)"),
    "not a pixel shader": ("TypeError", "unsupported pixel_shader type",
                           "displayio.TileGrid(SMALL, pixel_shader=SMALL)"),
    "bitmap value too big": ("ValueError", "value must be 0-3",
                             "displayio.Bitmap(4, 4, 4)[0] = 4"),
    "bitmap index outside": ("IndexError", "index must be 0-15", "displayio.Bitmap(4, 4, 2)[16]"),
    "bitmap x outside": ("IndexError", "x must be 0-3", "displayio.Bitmap(4, 4, 2)[4, 0]"),
    "bitmap too wide": ("ValueError", "width must be 0-32767", "displayio.Bitmap(40000, 1, 2)"),
    "bitmap no values": ("ValueError", "value_count must be 1-65536", "displayio.Bitmap(1, 1, 0)"),
    "palette colour too big": ("TypeError", "color must be between 0x000000 and 0xffffff",
                               "P2[0] = 0x1000000"),
    "palette index outside": ("IndexError", "Palette index out of range", "P2[2] = 0"),
    "palette transparent outside": ("ValueError", "palette_index must be 0-1",
                                    "P2.make_transparent(2)"),
    "palette of no colours": ("ValueError", "color_count must be 1-32767", "displayio.Palette(0)"),
    "brightness over 1": ("ValueError", "brightness must be 0-1", "board.DISPLAY.brightness = 1.5"),
    "show() removed": ("AttributeError", ".show(x) removed", "board.DISPLAY.show(displayio.Group())"),
    "root group in a group": ("ValueError", "Group already used",
                              "g = displayio.Group(); displayio.Group().append(g);"
                              " board.DISPLAY.root_group = g"),
    "shown group appended": ("ValueError", "Layer already in a group",
                             "g = displayio.Group(); board.DISPLAY.root_group = g;"
                             " displayio.Group().append(g)"),
    "nvm slice of other length": ("ValueError", "Slice and value different lengths",
                                  "microcontroller.nvm[0:4] = b'abc'"),
    "nvm list on the right": ("NotImplementedError", "array/bytes required",
                              "microcontroller.nvm[0:2] = [1, 2]"),
    "nvm byte over 255": ("ValueError", "bytes must be 0-255", "microcontroller.nvm[0] = 256"),
    "nvm slice step": ("NotImplementedError", "step=1", "microcontroller.nvm[0:8:2]"),
    "pin in use": ("ValueError", "D1 in use",
                   "keypad.Keys((board.D1,), value_when_pressed=True);"
                   " keypad.Keys((board.D1,), value_when_pressed=True)"),
    "debounce over 127": ("ValueError", "debounce_threshold must be 1-127",
                          "keypad.Keys((board.D2,), value_when_pressed=True, debounce_threshold=200)"),
    "no events": ("ValueError", "max_events must be", "keypad.Keys((board.D0,), value_when_pressed=True,"
                                                      " max_events=0)"),
    "get_into not an Event": ("TypeError", "event must be of type Event",
                              "keypad.Keys((board.D0,), value_when_pressed=True).events.get_into(5)"),
    "sleep backwards": ("ValueError", "seconds must be >= 0", "time.sleep(-1)"),
}

# name: (expression whose allocation is measured, C bytes from the notes' table)
COSTS = {
    "Group, up to 4 layers": ("displayio.Group()", 80),
    "TileGrid, one tile": ("displayio.TileGrid(SMALL, pixel_shader=P2)", 96),
    "TileGrid 13x4 over 81 tiles": ("displayio.TileGrid(CARDS, pixel_shader=P2, width=13, height=4,"
                                    " tile_width=16, tile_height=22)", 96 + 64),
    "TileGrid 40x20 over 1188 tiles": ("displayio.TileGrid(CARDS, pixel_shader=P2, width=40,"
                                       " height=20, tile_width=4, tile_height=6)", 96 + 1600),
    "Bitmap 1x1, 1 value": ("displayio.Bitmap(1, 1, 1)", 48 + 16),
    "Bitmap 144x198, 16 values": ("displayio.Bitmap(144, 198, 16)", 48 + 14256),
    "Bitmap 160x128, 4 values": ("displayio.Bitmap(160, 128, 4)", 48 + 5120),
    "Palette(1)": ("displayio.Palette(1)", 32),
    "Palette(2)": ("displayio.Palette(2)", 48),
    "Palette(16)": ("displayio.Palette(16)", 272),
    "Palette(256)": ("displayio.Palette(256)", 4112),
}


def _vm_lines(script, **kwargs):
    vm.require_vm()
    return vm.run(PREAMBLE + textwrap.dedent(script), 128, **kwargs).splitlines()


@pytest.fixture(scope="module")
def refusals():
    """name -> (exception type, message) or None when nothing was raised."""
    script = "def refuse(name, fn):\n    try:\n        fn()\n    except Exception as e:\n" \
             "        print(name + '|' + type(e).__name__ + '|' + str(e))\n" \
             "    else:\n        print(name + '|-|-')\n"
    for index, (name, (_, _, code)) in enumerate(REFUSALS.items()):
        body = "\n".join("    " + part.strip() for part in code.split(";"))
        script += f"def case{index}():\n{body}\nrefuse({name!r}, case{index})\n"
    return {name: (kind, message) for name, kind, message in
            (line.split("|", 2) for line in _vm_lines(script))}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refusal_fires(refusals, name):
    kind, fragment, _ = REFUSALS[name]
    raised, message = refusals[name]
    assert (raised, fragment in message) == (kind, True), (raised, message)


@pytest.fixture(scope="module")
def costs():
    script = "".join(f"print({name!r} + '|' + str(vmheap.allocated(lambda: {code})))\n"
                     for name, (code, _) in COSTS.items())
    return dict(line.split("|") for line in _vm_lines(script))


@pytest.mark.parametrize("name", sorted(COSTS))
def test_cost_matches_the_c_object(costs, name):
    c_size = COSTS[name][1]
    assert c_size <= int(costs[name]) <= c_size + 16, (costs[name], c_size)


def test_tile_access_allocates_like_a_board():
    out = _vm_lines("""
        t = grid(width=2, height=2)
        x = 1
        def by_int():
            t[3] = t[3]
        def by_pair():
            t[x, 1] = t[x, 1]
        print(vmheap.allocated(by_int, 10), vmheap.allocated(by_pair, 10))
    """)
    assert out == ["0 320"]  # two 2-tuples (16 B each) per round


def test_events_get_allocates_and_get_into_does_not():
    out = _vm_lines("""
        keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                        latch=board.BUTTON_LATCH, key_count=8,
                                        value_when_pressed=True)
        event = keypad.Event()
        def one_get():
            vmctl.tap(3)
            keys.events.get()
            keys.events.get()
        def one_get_into():
            vmctl.tap(3)
            keys.events.get_into(event)
            keys.events.get_into(event)
        print(vmheap.allocated(one_get), vmheap.allocated(one_get_into))
        vmctl.press(5)
        vmctl.press(5)  # already down: no second event
        got = keys.events.get()
        print(got.key_number, got.pressed, got.released, got.timestamp == supervisor.ticks_ms(),
              keys.events.get())
    """)
    assert out == ["64 0", "5 True False True None"]  # a board: 2 x 16 B


def test_ticks_wrap_65_seconds_after_power_on_and_never_allocate():
    out = _vm_lines("""
        print(supervisor.ticks_ms() == 2**29 - 65536)
        vmctl.advance(65535)
        print(supervisor.ticks_ms() == 2**29 - 1)
        vmctl.advance(1)
        print(supervisor.ticks_ms(), vmheap.allocated(supervisor.ticks_ms, 100))
        vmctl.advance(2**29)
        print(supervisor.ticks_ms())
    """)
    assert out == ["True", "True", "0 0", "0"]


def test_monotonic_loses_milliseconds_like_the_board():
    out = _vm_lines("""
        def distinct(ms):
            seen = []
            for _ in range(ms):
                if time.monotonic() not in seen:
                    seen.append(time.monotonic())
                vmctl.advance(1)
            return len(seen)
        vmctl.advance(1000)
        print(distinct(8))
        vmctl.advance(2**23 - vmctl.now())
        print(distinct(8), 262144.0 + 0.09 == 262144.0)
        calls = []
        vmctl.on_sleep(lambda: calls.append(vmctl.now()))
        time.sleep(0.25)
        print(calls == [2**23 + 8 + 250], vmctl.last_sleep())
    """)
    # from 2**23 ms (2.3 h) on, a board's monotonic() moves every 4th millisecond:
    # 3 values in 8 ms there (float32(ms) / 1000, 2 low mantissa bits cleared)
    assert out == ["8", "3 True", "True 250"]  # the hook can tell a click from idling


def test_nvm_reads_erased_flash_and_slices_allocate():
    out = _vm_lines("""
        nvm = microcontroller.nvm
        print(len(nvm), nvm[0], nvm[8191], nvm[-1])
        nvm[10:12] = b"ab"
        print(bytes(nvm[9:13]), vmctl.nvm_writes())
        print(vmheap.allocated(lambda: nvm[0:100]), vmheap.allocated(lambda: nvm[5]))
    """)
    # a slice read: the slice object (16 B) and a new bytearray (16 + 112 B)
    assert out == ["8192 255 255 255", "b'\\xffab\\xff' 1", "144 0"]


def test_esp32_nvm_starts_at_zero_and_every_access_allocates_8_kb():
    out = _vm_lines("""
        nvm = microcontroller.nvm
        print(nvm[0], board.board_id, vmheap.allocated(lambda: nvm[5]) >= 8192)
    """, board="adafruit_feather_esp32s3_tft")
    assert out == ["0 adafruit_feather_esp32s3_tft True"]


def test_a_tolerated_fault_is_reported_once_and_goes_on():
    out = _vm_lines("""
        for _ in range(2):
            displayio.Group(scale=160).append(grid())
        print("went on")
    """, tolerate=("scale",))
    assert out[0].startswith("MISDRAWN scale: a TileGrid under Groups whose scales multiply to 160")
    assert out[1:] == ["went on"]


def test_board_pins_and_display_per_board():
    out = _vm_lines("""
        print(board.board_id, board.DISPLAY.width, board.DISPLAY.height,
              board.BUTTON is board.D0, hasattr(board, "BUTTON_CLOCK"))
    """, board="adafruit_feather_esp32s3_reverse_tft")
    assert out == ["adafruit_feather_esp32s3_reverse_tft 240 135 True False"]


@pytest.mark.parametrize("board_id, heard", [
    ("pybadge", "True [(28160, True)] False"),              # DAC speaker, amplifier off after
    ("clue_nrf52840_express", "True [(28160, True)] None"),  # PWM buzzer, no enable pin
    ("adafruit_feather_esp32s3_tft", "False [] None"),       # no speaker: silence
])
def test_the_firmware_finds_each_boards_speaker(board_id, heard):
    out = _vm_lines("""
        from patience.boards.sound import for_board
        sound = for_board(board)
        if sound is not None:
            sound.click()
        enable = getattr(sound, "enable", None)
        print(sound is not None, vmctl.notes(), enable and enable.value)
    """, board=board_id)
    assert out == [heard]


def test_the_firmwares_names_fill_pools_as_on_a_board():
    """A board keeps its first 1,260 interned names in pools of 20 to 640 on
    the heap, then makes one of 1,280 (py/qstr.c qstr_add; the stand-ins'
    names are in flash there): for the whole app (VM_WHOLE_APP) a script
    starts with those pools full but for a few places, so its names soon make
    the pool of 1,280, 9 KB at once. Smaller scripts get the VM's pools."""
    script = """
        import gc
        gc.disable()
        count = 0
        grew = 0
        while grew < 1024 and count < 100:
            before = gc.mem_alloc()
            getattr(gc, "new name %d" % count, None)  # interns it
            grew = gc.mem_alloc() - before
            count += 1
        print(count, grew)
    """
    names, grew = map(int, _vm_lines(script, whole_app=True)[0].split())
    assert names <= 16  # the places left in the pool of 640
    # a pointer, a hash and a length per name, the pool's head, the name's characters
    assert 1280 * 7 <= grew <= 1280 * 7 + 160
    names, grew = map(int, _vm_lines(script)[0].split())
    assert names == 100 and grew < 1024  # the stand-ins' pools still have room
